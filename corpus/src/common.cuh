// common.cuh - small helpers shared by the corpus sources.
#pragma once

// __cluster_dims__ is rejected by nvcc for targets below sm_90, so apply it only
// where clusters exist (the host pass ignores it either way for -ptx builds).
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#  define CORPUS_CLUSTER_DIMS(x, y, z) __cluster_dims__(x, y, z)
#else
#  define CORPUS_CLUSTER_DIMS(x, y, z)
#endif

// The third __launch_bounds__ argument (max blocks per cluster) likewise
// needs sm_90.
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#  define CORPUS_LAUNCH_BOUNDS3(t, m, c) __launch_bounds__(t, m, c)
#else
#  define CORPUS_LAUNCH_BOUNDS3(t, m, c) __launch_bounds__(t, m)
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#  define CORPUS_SM90 1
#else
#  define CORPUS_SM90 0
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
#  define CORPUS_SM100 1
#else
#  define CORPUS_SM100 0
#endif

// architecture-specific ("a") feature sets
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#  define CORPUS_SM90A 1
#else
#  define CORPUS_SM90A 0
#endif

#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
#  define CORPUS_SM100A 1
#else
#  define CORPUS_SM100A 0
#endif
