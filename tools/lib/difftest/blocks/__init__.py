"""The PTX ISA manual's syntax blocks, transcribed from the manual
independently of ptxlint's own tables under src/spec: that is the point, a
wrong entry there shows up as a disagreement. One module per family, named
as the C++ table file it sits beside (blocks/arithmetic.py beside
src/spec/arithmetic.cpp); each cites the manual sections it transcribes.

BLOCKS is every block in the order the cases are generated from them: the
seeded sampling draws from one random stream in this order, so reordering
it changes every case after the first moved block; a new family goes at the
end. (Its qualifier values also join the pools the other families'
"other-value" mutations and misspellings draw from, generator.py.)"""
from .arithmetic import ARITH_BLOCKS, ARITH_OPCODES
from .async_copy import ASYNC_COPY_BLOCKS
from .async_store import ASYNC_STORE_BLOCKS
from .atomics import ATOMIC_BLOCKS
from .bulk_reduce_multimem import BULK_REDUCE_MULTIMEM_BLOCKS
from .cache_control import CACHE_CONTROL_BLOCKS, LDU_BLOCKS
from .control_flow import CONTROL_BLOCKS, CONTROL_OPCODES
from .conversion import CONVERSION_BLOCKS
from .mbarrier import MBARRIER_BLOCKS, MBARRIER_OPCODES
from .memory import MEMORY_BLOCKS
from .mma import MMA_BLOCKS
from .synchronization import SYNC_BLOCKS, SYNC_OPCODES
from .tcgen05 import TCGEN05_BLOCKS
from .tensor_copy import TENSOR_BLOCKS
from .tensormap_cluster import TENSORMAP_CLUSTER_BLOCKS
from .texture_surface import SURFACE_BLOCKS, TEXTURE_BLOCKS
from .video import VIDEO_BLOCKS
from .warp_matrix import MATRIX_BLOCKS, WMMA_BLOCKS
from .warpgroup_matrix import WGMMA_BLOCKS, WGMMA_SP_BLOCKS


BLOCKS = (ASYNC_COPY_BLOCKS + BULK_REDUCE_MULTIMEM_BLOCKS + MEMORY_BLOCKS
          + ARITH_BLOCKS + CONVERSION_BLOCKS + ATOMIC_BLOCKS + MBARRIER_BLOCKS
          + TENSOR_BLOCKS + TENSORMAP_CLUSTER_BLOCKS + ASYNC_STORE_BLOCKS
          + CACHE_CONTROL_BLOCKS + LDU_BLOCKS
          + MATRIX_BLOCKS + WGMMA_BLOCKS + WGMMA_SP_BLOCKS + WMMA_BLOCKS
          + VIDEO_BLOCKS + SURFACE_BLOCKS + TEXTURE_BLOCKS + CONTROL_BLOCKS
          + SYNC_BLOCKS + TCGEN05_BLOCKS + MMA_BLOCKS)
OPCODES = sorted({b.opcode for b in BLOCKS})

# The family of each block: the module it is transcribed in (the C++ table
# file it sits beside), the unit the figures of the operand-kind sweep are
# given per.
FAMILIES = {"async_copy": ASYNC_COPY_BLOCKS, "bulk_reduce_multimem": BULK_REDUCE_MULTIMEM_BLOCKS,
            "memory": MEMORY_BLOCKS, "arithmetic": ARITH_BLOCKS, "conversion": CONVERSION_BLOCKS,
            "atomics": ATOMIC_BLOCKS, "mbarrier": MBARRIER_BLOCKS, "tensor_copy": TENSOR_BLOCKS,
            "tensormap_cluster": TENSORMAP_CLUSTER_BLOCKS, "async_store": ASYNC_STORE_BLOCKS,
            "cache_control": CACHE_CONTROL_BLOCKS + LDU_BLOCKS, "warp_matrix": MATRIX_BLOCKS + WMMA_BLOCKS,
            "warpgroup_matrix": WGMMA_BLOCKS + WGMMA_SP_BLOCKS, "video": VIDEO_BLOCKS,
            "texture_surface": SURFACE_BLOCKS + TEXTURE_BLOCKS, "control_flow": CONTROL_BLOCKS,
            "synchronization": SYNC_BLOCKS, "tcgen05": TCGEN05_BLOCKS, "mma": MMA_BLOCKS}
FAMILY_OF = {id(b): name for name, blocks in FAMILIES.items() for b in blocks}

__all__ = ["BLOCKS", "OPCODES", "FAMILIES", "FAMILY_OF", "ARITH_OPCODES", "CONTROL_OPCODES", "MBARRIER_OPCODES",
           "SYNC_OPCODES"]
