// PTX ISA 9.1 lexical grammar (manual chapter 4, "Syntax").
//
// This file is the specification of ptxlint's tokens. It carries no actions:
// everything that depends on an instruction lives in the tables of src/spec.
//
// The one deliberate departure from a C-like lexer is OPCODE_OR_DOTTED: an
// identifier followed by dotted segments (`ld.global.nc.v4.f32`,
// `cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes`,
// `%tid.x`) is a single token. The parser sees one token per opcode instead of
// one per modifier, and the AST builder splits it into opcode and qualifiers.
lexer grammar PtxLexer;

// ---------------------------------------------------------------------------
// 4.2 Comments and whitespace.
// ---------------------------------------------------------------------------
WS            : [ \t\r\n\f\u000B]+ -> skip;
LINE_COMMENT  : '//' ~[\r\n]* -> skip;
BLOCK_COMMENT : '/*' .*? '*/' -> skip;
// A block comment that runs to the end of the file. It cannot contain `*/`, so
// a terminated comment is always the shorter, preferred BLOCK_COMMENT.
UNTERMINATED_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'* EOF;

// ---------------------------------------------------------------------------
// 11 Directives. Every keyword of Table 1 (4.3.1) that shapes the syntax has
// its own token; the others reach the parser as DOT_NAME.
// ---------------------------------------------------------------------------
VERSION            : '.version';
TARGET             : '.target';
ADDRESS_SIZE       : '.address_size';
ENTRY              : '.entry';
FUNC               : '.func';
ALIAS              : '.alias';
FILE               : '.file';
LOC                : '.loc';
SECTION            : '.section';
PRAGMA             : '.pragma';
CALLPROTOTYPE      : '.callprototype';
CALLTARGETS        : '.calltargets';
BRANCHTARGETS      : '.branchtargets';
// 5.4.5 alignment, 5.4.8 attributes, 5.1.6.3 kernel parameter attribute .ptr
ALIGN              : '.align';
ATTRIBUTE          : '.attribute';
PTR                : '.ptr';
// 11.6 Linking directives
EXTERN             : '.extern';
VISIBLE            : '.visible';
WEAK               : '.weak';
COMMON             : '.common';
// 11.4 Performance-tuning directives, 11.7 cluster dimension directives,
// 11.8 miscellaneous directives
MAXNREG            : '.maxnreg';
MAXNTID            : '.maxntid';
REQNTID            : '.reqntid';
MINNCTAPERSM       : '.minnctapersm';
MAXNCTAPERSM       : '.maxnctapersm';
NORETURN           : '.noreturn';
ABI_PRESERVE       : '.abi_preserve';
ABI_PRESERVE_CONTROL : '.abi_preserve_control';
REQNCTAPERCLUSTER  : '.reqnctapercluster';
EXPLICITCLUSTER    : '.explicitcluster';
MAXCLUSTERRANK     : '.maxclusterrank';
BLOCKSARECLUSTERS  : '.blocksareclusters';

// 5.1 State spaces
REG     : '.reg';
SREG    : '.sreg';
CONST   : '.const';
GLOBAL  : '.global';
LOCAL   : '.local';
PARAM   : '.param';
SHARED  : '.shared';
TEX     : '.tex';

// 5.4.2 Vectors
VECTOR  : '.v2' | '.v4' | '.v8';

// 5.2.1 Fundamental types and 5.3 opaque types: the types a variable can be
// declared with. Instruction types such as `.bf16` or `.e4m3` appear only
// inside an opcode token.
TYPE
    : '.s8' | '.s16' | '.s32' | '.s64'
    | '.u8' | '.u16' | '.u32' | '.u64'
    | '.f16' | '.f16x2' | '.f32' | '.f64'
    | '.b8' | '.b16' | '.b32' | '.b64' | '.b128'
    | '.pred'
    | '.texref' | '.samplerref' | '.surfref'
    ;

// Any other dotted word: section names (`.debug_info`), attribute names
// (`.managed`), and unknown directives, which the parser rejects by name.
DOT_NAME : '.' [a-zA-Z_] FOLLOW_SYM* ('::' FOLLOW_SYM+)*;

// ---------------------------------------------------------------------------
// 4.5 Constants. The hexadecimal float forms come first so that `0f3F800000`
// is one token, not the integer 0 followed by an identifier.
// ---------------------------------------------------------------------------
HEX_FLOAT
    : '0' [fF] HEX HEX HEX HEX HEX HEX HEX HEX
    | '0' [dD] HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX
    ;
FLOAT
    : DIGIT+ '.' DIGIT* EXPONENT?
    | '.' DIGIT+ EXPONENT?
    | DIGIT+ EXPONENT
    ;
INT
    : '0' [xX] HEX+ 'U'?
    | '0' [bB] [01]+ 'U'?
    | '0' [0-7]* 'U'?
    | [1-9] DIGIT* 'U'?
    ;
// Digits run into letters that form no constant above: `0x`, `12ab`,
// `0f3F80` (a single-precision hex float needs 8 digits). One token, so the
// parser names the whole malformed number; a valid constant of the same
// length always matches an earlier rule.
BAD_NUMBER : DIGIT FOLLOW_SYM*;
STRING : '"' (~["\\\r\n] | '\\' ~[\r\n])* '"';
// A string that ends at the end of its line: one token, so that the parser
// reports it once instead of every word of the rest of the line.
UNTERMINATED_STRING : '"' (~["\\\r\n] | '\\' ~[\r\n])*;

// ---------------------------------------------------------------------------
// 4.4 Identifiers, and opcodes with their dotted modifiers.
// ---------------------------------------------------------------------------
OPCODE_OR_DOTTED : IDENT_FORM ('.' SEGMENT)+;
IDENT            : IDENT_FORM;
UNDERSCORE       : '_';

// ---------------------------------------------------------------------------
// Punctuation and the operators of constant expressions (4.5.4, Table 4).
// ---------------------------------------------------------------------------
LBRACE   : '{';
RBRACE   : '}';
LPAREN   : '(';
RPAREN   : ')';
LBRACK   : '[';
RBRACK   : ']';
COMMA    : ',';
SEMI     : ';';
COLON    : ':';
AT       : '@';
PLUS     : '+';
MINUS    : '-';
STAR     : '*';
SLASH    : '/';
PERCENT  : '%';
SHL      : '<<';
SHR      : '>>';
LE       : '<=';
GE       : '>=';
LT       : '<';
GT       : '>';
EQ       : '==';
NE       : '!=';
ANDAND   : '&&';
OROR     : '||';
AMP      : '&';
PIPE     : '|';
CARET    : '^';
BANG     : '!';
TILDE    : '~';
QUESTION : '?';
ASSIGN   : '=';

// A character no rule accepts. The parser reports it by name instead of the
// lexer printing "token recognition error".
INVALID_CHAR : .;

fragment IDENT_FORM : [a-zA-Z] FOLLOW_SYM* | [_$%] FOLLOW_SYM+;
fragment SEGMENT    : FOLLOW_SYM+ ('::' FOLLOW_SYM+)*;
fragment FOLLOW_SYM : [a-zA-Z0-9_$];
fragment DIGIT      : [0-9];
fragment HEX        : [0-9a-fA-F];
fragment EXPONENT   : [eE] [+-]? DIGIT+;
