// Address operands (6.4.1): `[a]` and `[a+imm]` where a block wants an
// address, the register size of an address whose width is fixed (a Tensor
// Memory address is 32 bits, 9.7.16.2.1), tensor addresses `[tensorMap,
// {c0, ...}]` with as many coordinates as .dim (9.7.9.27), and the texture
// and surface operands `[a, {b,} c]` with their coordinate vectors (9.7.10,
// 9.7.11).
#pragma once

#include "sema/engine/operand_scope.h"

namespace ptxlint::sema::engine {

// ".shared" for ".shared::cta" and ".shared::cluster": the state space a
// variable of `space` lies in, without its window.
std::string_view spaceFamily(std::string_view space);

// OperandKind::Address and OperandKind::TensorAddress.
void checkAddressOperand(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);
// OperandKind::ResourceAddress: [a, c] or [a, b, c].
void checkResourceAddress(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);
// OperandKind::Coordinates: {c0, ...} of the count the geometry allows.
void checkCoordinateVector(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);

}  // namespace ptxlint::sema::engine
