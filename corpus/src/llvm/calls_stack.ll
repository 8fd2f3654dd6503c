; calls_stack.ll - hand-written NVPTX IR (LLVM 14, typed pointers).
;
; Function calls and stack usage: direct calls with scalar / struct (byval)
; / vector arguments and struct returns, indirect calls through a function
; pointer table (`call (...), %rd, (...), prototype_N` with a .callprototype),
; recursion, a dynamically indexed alloca (local depot, %SP / %SPL), a vprintf
; call with a stack-built argument buffer, globals whose initialisers are
; addresses (generic(sym) forms), inline asm inside IR, warp intrinsics
; (shfl.sync, vote.sync), f16 / f64 / i8 / i16 / i1 values, vector loads
; (ld.global.v4.f32), and a switch.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Pair = type { i32, float }
%struct.Box = type { [4 x double], i16, i8 }

@counter = addrspace(1) global i32 7, align 4
@values = addrspace(1) global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@counter_ptr = addrspace(1) global i32* addrspacecast (i32 addrspace(1)* @counter to i32*), align 8
@value_ptrs = addrspace(1) global [2 x i32*] [
  i32* addrspacecast (i32 addrspace(1)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(1)* @values, i64 0, i64 1) to i32*),
  i32* addrspacecast (i32 addrspace(1)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(1)* @values, i64 0, i64 3) to i32*)
], align 8
@ops = addrspace(1) global [3 x i32 (i32, i32)*] [i32 (i32, i32)* @op_add, i32 (i32, i32)* @op_mul, i32 (i32, i32)* @op_sub], align 8
@.fmt = private unnamed_addr addrspace(1) constant [23 x i8] c"lane %d value %f n=%d\0A\00", align 1
@half_one = addrspace(1) global half 0xH3C00, align 2

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i32 @vprintf(i8*, i8*)
declare double @llvm.fma.f64(double, double, double)
declare float @llvm.sqrt.f32(float)

define internal i32 @op_add(i32 %a, i32 %b) noinline {
  %r = add i32 %a, %b
  ret i32 %r
}
define internal i32 @op_mul(i32 %a, i32 %b) noinline {
  %r = mul i32 %a, %b
  ret i32 %r
}
define internal i32 @op_sub(i32 %a, i32 %b) noinline {
  %r = sub i32 %a, %b
  ret i32 %r
}

; recursive integer power
define internal i64 @ipow(i64 %base, i32 %exp) noinline {
entry:
  %is_zero = icmp eq i32 %exp, 0
  br i1 %is_zero, label %one, label %rec
one:
  ret i64 1
rec:
  %e1 = sub i32 %exp, 1
  %sub = call i64 @ipow(i64 %base, i32 %e1)
  %r = mul i64 %sub, %base
  ret i64 %r
}

; struct passed byval, struct returned
define internal %struct.Pair @summarize(%struct.Box* byval(%struct.Box) align 8 %b, i8 %tag, i1 %flag) noinline {
entry:
  %d0p = getelementptr inbounds %struct.Box, %struct.Box* %b, i64 0, i32 0, i64 0
  %d3p = getelementptr inbounds %struct.Box, %struct.Box* %b, i64 0, i32 0, i64 3
  %d0 = load double, double* %d0p, align 8
  %d3 = load double, double* %d3p, align 8
  %s = call double @llvm.fma.f64(double %d0, double %d3, double 1.0)
  %cp = getelementptr inbounds %struct.Box, %struct.Box* %b, i64 0, i32 1
  %c = load i16, i16* %cp, align 8
  %c32 = sext i16 %c to i32
  %t32 = zext i8 %tag to i32
  %sum = add i32 %c32, %t32
  %neg = sub i32 0, %sum
  %sel = select i1 %flag, i32 %sum, i32 %neg
  %f = fptrunc double %s to float
  %p0 = insertvalue %struct.Pair undef, i32 %sel, 0
  %p1 = insertvalue %struct.Pair %p0, float %f, 1
  ret %struct.Pair %p1
}

define internal half @hmix(half %a, half %b) noinline {
  %m = fmul half %a, %b
  %one = load half, half addrspace(1)* @half_one, align 2
  %r = fadd half %m, %one
  ret half %r
}

define void @dispatch_kernel(i32 addrspace(1)* %sel, float addrspace(1)* %data, <4 x float> addrspace(1)* %vecs, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %sp = getelementptr inbounds i32, i32 addrspace(1)* %sel, i64 %tid64
  %s = load i32, i32 addrspace(1)* %sp, align 4
  %which = urem i32 %s, 3
  %which64 = zext i32 %which to i64
  %fpp = getelementptr inbounds [3 x i32 (i32, i32)*], [3 x i32 (i32, i32)*] addrspace(1)* @ops, i64 0, i64 %which64
  %fp = load i32 (i32, i32)*, i32 (i32, i32)* addrspace(1)* %fpp, align 8
  %r = call i32 %fp(i32 %s, i32 %tid)
  ; scratch array indexed dynamically -> lives on the stack
  %scratch = alloca [16 x i32], align 4
  %slot = and i32 %r, 15
  %slot64 = zext i32 %slot to i64
  %elt = getelementptr inbounds [16 x i32], [16 x i32]* %scratch, i64 0, i64 %slot64
  store i32 %r, i32* %elt, align 4
  %first = getelementptr inbounds [16 x i32], [16 x i32]* %scratch, i64 0, i64 0
  store i32 %tid, i32* %first, align 4
  %other = getelementptr inbounds [16 x i32], [16 x i32]* %scratch, i64 0, i64 %tid64
  %o = load i32, i32* %other, align 4
  ; byval struct argument
  %box = alloca %struct.Box, align 8
  %bd = getelementptr inbounds %struct.Box, %struct.Box* %box, i64 0, i32 0, i64 0
  store double 2.5, double* %bd, align 8
  %bd3 = getelementptr inbounds %struct.Box, %struct.Box* %box, i64 0, i32 0, i64 3
  %ofp = sitofp i32 %o to double
  store double %ofp, double* %bd3, align 8
  %bc = getelementptr inbounds %struct.Box, %struct.Box* %box, i64 0, i32 1
  %o16 = trunc i32 %o to i16
  store i16 %o16, i16* %bc, align 8
  %tag = trunc i32 %tid to i8
  %odd = trunc i32 %tid to i1
  %pair = call %struct.Pair @summarize(%struct.Box* byval(%struct.Box) align 8 %box, i8 %tag, i1 %odd)
  %pi = extractvalue %struct.Pair %pair, 0
  %pf = extractvalue %struct.Pair %pair, 1
  ; recursion
  %pw = call i64 @ipow(i64 3, i32 %slot)
  %pw32 = trunc i64 %pw to i32
  ; warp intrinsics
  %x = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %pw32, i32 16, i32 31)
  %dp = getelementptr inbounds float, float addrspace(1)* %data, i64 %tid64
  %d = load float, float addrspace(1)* %dp, align 4
  %dd = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %d, i32 1, i32 31)
  %big = icmp sgt i32 %x, 100
  %ballot = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %big)
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %big)
  ; vector load
  %vp = getelementptr inbounds <4 x float>, <4 x float> addrspace(1)* %vecs, i64 %tid64
  %v = load <4 x float>, <4 x float> addrspace(1)* %vp, align 16
  %v0 = extractelement <4 x float> %v, i32 0
  %v3 = extractelement <4 x float> %v, i32 3
  %vs = fadd float %v0, %v3
  ; inline asm in IR
  %bits = call i32 asm "brev.b32 $0, $1;", "=r,r"(i32 %ballot)
  ; half
  %h = fptrunc float %vs to half
  %hm = call half @hmix(half %h, half %h)
  %hf = fpext half %hm to float
  ; switch
  switch i32 %which, label %sw.default [
    i32 0, label %sw.a
    i32 1, label %sw.b
  ]
sw.a:
  br label %sw.end
sw.b:
  br label %sw.end
sw.default:
  br label %sw.end
sw.end:
  %k = phi float [ 1.0, %sw.a ], [ 2.0, %sw.b ], [ 3.0, %sw.default ]
  %t0 = fadd float %dd, %pf
  %t1 = fmul float %t0, %k
  %t2 = fadd float %t1, %hf
  %sq = call float @llvm.sqrt.f32(float %t2)
  %bi = sitofp i32 %bits to float
  %t3 = fadd float %sq, %bi
  %anyf = uitofp i1 %any to float
  %t4 = fadd float %t3, %anyf
  %pif = sitofp i32 %pi to float
  %t5 = fadd float %t4, %pif
  store float %t5, float addrspace(1)* %dp, align 4
  ; printf via vprintf with a stack-allocated argument buffer
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %print, label %out
print:
  %buf = alloca { i32, double, i32 }, align 8
  %b0 = getelementptr inbounds { i32, double, i32 }, { i32, double, i32 }* %buf, i64 0, i32 0
  store i32 %tid, i32* %b0, align 8
  %b1 = getelementptr inbounds { i32, double, i32 }, { i32, double, i32 }* %buf, i64 0, i32 1
  %t5d = fpext float %t5 to double
  store double %t5d, double* %b1, align 8
  %b2 = getelementptr inbounds { i32, double, i32 }, { i32, double, i32 }* %buf, i64 0, i32 2
  store i32 %n, i32* %b2, align 8
  %fmt = getelementptr inbounds [23 x i8], [23 x i8] addrspace(1)* @.fmt, i64 0, i64 0
  %fmtg = addrspacecast i8 addrspace(1)* %fmt to i8*
  %bufp = bitcast { i32, double, i32 }* %buf to i8*
  %pr = call i32 @vprintf(i8* %fmtg, i8* %bufp)
  br label %out
out:
  %cp = load i32*, i32* addrspace(1)* @counter_ptr, align 8
  %old = atomicrmw add i32* %cp, i32 1 monotonic
  %vpp = getelementptr inbounds [2 x i32*], [2 x i32*] addrspace(1)* @value_ptrs, i64 0, i64 1
  %vptr = load i32*, i32* addrspace(1)* %vpp, align 8
  store i32 %old, i32* %vptr, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{void (i32 addrspace(1)*, float addrspace(1)*, <4 x float> addrspace(1)*, i32)* @dispatch_kernel, !"kernel", i32 1}
