; intrinsics_math.ll - hand-written NVPTX IR (LLVM 14, typed pointers).
;
; NVVM intrinsics beyond the basics: ld.global.nc via llvm.nvvm.ldg, fast
; math (ex2.approx, rsqrt.approx, fma.rn.ftz, min/max), integer bit ops
; (popc, clz, brev, funnel shifts -> shf, prmt), integer/float conversions,
; f64 arithmetic, atomic inc, bindless texture / surface access
; (tex.1d, suld.b.1d), Ampere cp.async (+ commit/wait), ldmatrix and
; mma.sync m16n8k16, and a loop carrying llvm.loop.unroll.disable
; (-> .pragma "nounroll").

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@stage = internal addrspace(3) global [512 x i32] undef, align 16

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)*, i32)
declare i32 @llvm.nvvm.ldg.global.i.i32.p1i32(i32 addrspace(1)*, i32)
declare float @llvm.nvvm.ex2.approx.f(float)
declare float @llvm.nvvm.rsqrt.approx.f(float)
declare float @llvm.nvvm.fma.rn.ftz.f(float, float, float)
declare float @llvm.nvvm.fmin.f(float, float)
declare double @llvm.nvvm.fmax.d(double, double)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i64 @llvm.bitreverse.i64(i64)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.nvvm.prmt(i32, i32, i32)
declare i32 @llvm.nvvm.atomic.load.inc.32.p1i32(i32 addrspace(1)*, i32)
declare { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64, i32)
declare i32 @llvm.nvvm.suld.1d.i32.trap(i64, i32)
declare void @llvm.nvvm.cp.async.ca.shared.global.16(i8 addrspace(3)*, i8 addrspace(1)*)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.barrier0()
declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16(i8 addrspace(3)*)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float)

define void @math_kernel(float addrspace(1)* %fin, i32 addrspace(1)* %iin, double addrspace(1)* %dio,
                         i32 addrspace(1)* %ticket, i64 %tex, i64 %surf, float addrspace(1)* %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %fp = getelementptr inbounds float, float addrspace(1)* %fin, i64 %tid64
  %f = call float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)* %fp, i32 4)
  %ip = getelementptr inbounds i32, i32 addrspace(1)* %iin, i64 %tid64
  %i = call i32 @llvm.nvvm.ldg.global.i.i32.p1i32(i32 addrspace(1)* %ip, i32 4)
  %e = call float @llvm.nvvm.ex2.approx.f(float %f)
  %r = call float @llvm.nvvm.rsqrt.approx.f(float %e)
  %m = call float @llvm.nvvm.fma.rn.ftz.f(float %e, float %r, float %f)
  %mn = call float @llvm.nvvm.fmin.f(float %m, float 1.0e+02)
  %pc = call i32 @llvm.ctpop.i32(i32 %i)
  %lz = call i32 @llvm.ctlz.i32(i32 %i, i1 false)
  %sh = call i32 @llvm.fshl.i32(i32 %i, i32 %pc, i32 %lz)
  %pm = call i32 @llvm.nvvm.prmt(i32 %sh, i32 %i, i32 13330)
  %i64 = sext i32 %pm to i64
  %rv = call i64 @llvm.bitreverse.i64(i64 %i64)
  %rvf = uitofp i64 %rv to float
  ; f64
  %dp = getelementptr inbounds double, double addrspace(1)* %dio, i64 %tid64
  %d = load double, double addrspace(1)* %dp, align 8
  %d2 = fmul double %d, 0x3FB999999999999A
  %d3 = fdiv double %d2, 3.0
  %dm = call double @llvm.nvvm.fmax.d(double %d3, double -1.0e+300)
  store double %dm, double addrspace(1)* %dp, align 8
  ; atomic inc
  %tk = call i32 @llvm.nvvm.atomic.load.inc.32.p1i32(i32 addrspace(1)* %ticket, i32 1023)
  ; texture / surface
  %tx = call { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64 %tex, i32 %tid)
  %tx0 = extractvalue { float, float, float, float } %tx, 0
  %tx3 = extractvalue { float, float, float, float } %tx, 3
  %sx = mul i32 %tid, 4
  %su = call i32 @llvm.nvvm.suld.1d.i32.trap(i64 %surf, i32 %sx)
  %suf = sitofp i32 %su to float
  ; a loop that must not be unrolled
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ %mn, %entry ], [ %acc.next, %loop ]
  %kf = sitofp i32 %k to float
  %acc.next = call float @llvm.nvvm.fma.rn.ftz.f(float %acc, float 0x3FEE666660000000, float %kf)
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %after, label %loop, !llvm.loop !10
after:
  %s0 = fadd float %acc.next, %rvf
  %s1 = fadd float %s0, %tx0
  %s2 = fadd float %s1, %tx3
  %s3 = fadd float %s2, %suf
  %tkf = uitofp i32 %tk to float
  %s4 = fadd float %s3, %tkf
  %op = getelementptr inbounds float, float addrspace(1)* %out, i64 %tid64
  store float %s4, float addrspace(1)* %op, align 4
  ret void
}

; cp.async into shared memory, then ldmatrix + one mma.sync
define void @async_mma(i32 addrspace(1)* %src, float addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %off = mul i32 %tid, 4
  %off64 = zext i32 %off to i64
  %gsrc = getelementptr inbounds i32, i32 addrspace(1)* %src, i64 %off64
  %gsrc8 = bitcast i32 addrspace(1)* %gsrc to i8 addrspace(1)*
  %sdst = getelementptr inbounds [512 x i32], [512 x i32] addrspace(3)* @stage, i64 0, i64 %off64
  %sdst8 = bitcast i32 addrspace(3)* %sdst to i8 addrspace(3)*
  call void @llvm.nvvm.cp.async.ca.shared.global.16(i8 addrspace(3)* %sdst8, i8 addrspace(1)* %gsrc8)
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.barrier0()
  %row = and i32 %tid, 15
  %row64 = zext i32 %row to i64
  %rowoff = mul i64 %row64, 8
  %lp = getelementptr inbounds [512 x i32], [512 x i32] addrspace(3)* @stage, i64 0, i64 %rowoff
  %lp8 = bitcast i32 addrspace(3)* %lp to i8 addrspace(3)*
  %frag = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16(i8 addrspace(3)* %lp8)
  %a0i = extractvalue { i32, i32, i32, i32 } %frag, 0
  %a1i = extractvalue { i32, i32, i32, i32 } %frag, 1
  %a2i = extractvalue { i32, i32, i32, i32 } %frag, 2
  %a3i = extractvalue { i32, i32, i32, i32 } %frag, 3
  %a0 = bitcast i32 %a0i to <2 x half>
  %a1 = bitcast i32 %a1i to <2 x half>
  %a2 = bitcast i32 %a2i to <2 x half>
  %a3 = bitcast i32 %a3i to <2 x half>
  %d = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half> %a0, <2 x half> %a1, <2 x half> %a2, <2 x half> %a3, <2 x half> %a1, <2 x half> %a2, float 0.0, float 0.0, float 0.0, float 0.0)
  %d0 = extractvalue { float, float, float, float } %d, 0
  %d3 = extractvalue { float, float, float, float } %d, 3
  %sum = fadd float %d0, %d3
  %tid64 = zext i32 %tid to i64
  %op = getelementptr inbounds float, float addrspace(1)* %out, i64 %tid64
  store float %sum, float addrspace(1)* %op, align 4
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{void (float addrspace(1)*, i32 addrspace(1)*, double addrspace(1)*, i32 addrspace(1)*, i64, i64, float addrspace(1)*, i32)* @math_kernel, !"kernel", i32 1}
!1 = !{void (i32 addrspace(1)*, float addrspace(1)*)* @async_mma, !"kernel", i32 1}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.unroll.disable"}
