; sreg_memory.ll - hand-written NVPTX IR (LLVM 14, typed pointers).
;
; A tiled "scale and accumulate" kernel: special-register intrinsics
; (tid/ctaid/ntid/nctaid/laneid), loads and stores in the global (1) and
; shared (3) address spaces, generic <-> specific address-space casts
; (cvta), a grid-stride loop, bar.sync, atomicrmw / cmpxchg on global and
; shared memory, a call to a non-inlined helper, and kernel annotations
; (.maxntid / .minnctapersm / .reqntid via !nvvm.annotations).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4
@block_total = internal addrspace(3) global i32 undef, align 4
@hits = addrspace(1) externally_initialized global i32 0, align 4
@scale_table = addrspace(4) constant [4 x float] [float 1.0, float 0.5, float 0.25, float 0.125], align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.membar.gl()

define internal float @weight(i32 %lane, float %x) noinline {
entry:
  %idx = and i32 %lane, 3
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds [4 x float], [4 x float] addrspace(4)* @scale_table, i64 0, i64 %idx64
  %w = load float, float addrspace(4)* %p, align 4
  %r = fmul float %x, %w
  ret float %r
}

define void @scale_accumulate(float* %in, float* %out, i32* %counter, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %base = mul i32 %ctaid, %ntid
  %start = add i32 %base, %tid
  %stride = mul i32 %ntid, %nctaid
  %gin = addrspacecast float* %in to float addrspace(1)*
  %gout = addrspacecast float* %out to float addrspace(1)*
  %is_first = icmp eq i32 %tid, 0
  br i1 %is_first, label %init, label %after_init

init:
  store i32 0, i32 addrspace(3)* @block_total, align 4
  br label %after_init

after_init:
  call void @llvm.nvvm.barrier0()
  %has_work = icmp slt i32 %start, %n
  br i1 %has_work, label %loop, label %exit

loop:
  %i = phi i32 [ %start, %after_init ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %after_init ], [ %acc.next, %loop ]
  %i64 = sext i32 %i to i64
  %src = getelementptr inbounds float, float addrspace(1)* %gin, i64 %i64
  %v = load float, float addrspace(1)* %src, align 4
  %w = call float @weight(i32 %lane, float %v)
  %acc.next = fadd float %acc, %w
  %dst = getelementptr inbounds float, float addrspace(1)* %gout, i64 %i64
  store float %w, float addrspace(1)* %dst, align 4
  %i.next = add nsw i32 %i, %stride
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %reduce

reduce:
  %slot = and i32 %tid, 255
  %slot64 = zext i32 %slot to i64
  %sp = getelementptr inbounds [256 x float], [256 x float] addrspace(3)* @tile, i64 0, i64 %slot64
  store float %acc.next, float addrspace(3)* %sp, align 4
  %as_int = fptosi float %acc.next to i32
  %old = atomicrmw add i32 addrspace(3)* @block_total, i32 %as_int monotonic
  %gc = addrspacecast i32* %counter to i32 addrspace(1)*
  %prev_max = atomicrmw max i32 addrspace(1)* %gc, i32 %as_int seq_cst
  %pair = cmpxchg i32 addrspace(1)* @hits, i32 0, i32 %tid monotonic monotonic
  %swapped = extractvalue { i32, i1 } %pair, 1
  %fsum = atomicrmw fadd float addrspace(1)* %gout, float %acc.next monotonic
  call void @llvm.nvvm.membar.gl()
  br label %exit

exit:
  call void @llvm.nvvm.barrier0()
  br i1 %is_first, label %publish, label %done

publish:
  %total = load volatile i32, i32 addrspace(3)* @block_total, align 4
  %t = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %t32 = trunc i64 %t to i32
  %mixed = xor i32 %total, %t32
  %gc2 = addrspacecast i32* %counter to i32 addrspace(1)*
  %slot2 = getelementptr inbounds i32, i32 addrspace(1)* %gc2, i64 1
  store volatile i32 %mixed, i32 addrspace(1)* %slot2, align 4
  br label %done

done:
  ret void
}

; 2-D kernel with a fixed block shape (.reqntid) and a generic-pointer store.
define void @transpose_tile(float addrspace(1)* %in, float addrspace(1)* %out, i32 %width) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %row = mul i32 %ty, %width
  %idx = add i32 %row, %tx
  %idx64 = zext i32 %idx to i64
  %src = getelementptr float, float addrspace(1)* %in, i64 %idx64
  %v = load float, float addrspace(1)* %src, align 4
  %sidx = mul i32 %tx, 16
  %sidx2 = add i32 %sidx, %ty
  %s64 = zext i32 %sidx2 to i64
  %sp = getelementptr [256 x float], [256 x float] addrspace(3)* @tile, i64 0, i64 %s64
  store float %v, float addrspace(3)* %sp, align 4
  call void @llvm.nvvm.barrier0()
  %gen = addrspacecast float addrspace(3)* %sp to float*
  %back = load float, float* %gen, align 4
  %dst = getelementptr float, float addrspace(1)* %out, i64 %idx64
  store float %back, float addrspace(1)* %dst, align 4
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{void (float*, float*, i32*, i32)* @scale_accumulate, !"kernel", i32 1}
!1 = !{void (float*, float*, i32*, i32)* @scale_accumulate, !"maxntidx", i32 256}
!2 = !{void (float*, float*, i32*, i32)* @scale_accumulate, !"minctasm", i32 2}
!3 = !{void (float addrspace(1)*, float addrspace(1)*, i32)* @transpose_tile, !"kernel", i32 1}
!4 = !{void (float addrspace(1)*, float addrspace(1)*, i32)* @transpose_tile, !"reqntidx", i32 16}
