// PTX ISA 9.1 module grammar: chapters 4 (Syntax), 5 (State spaces, types and
// variables), 6 (Instruction operands) and 11 (Directives).
//
// Syntax only, no actions. Every instruction goes through the one generic rule
// `instruction`: what a particular opcode accepts is checked against the
// instruction tables (src/spec), never here. Declarations accept their
// specifiers in any order; the AST builder checks which specifiers appear and
// how often (a declaration needs one state space and one type).
parser grammar PtxParser;

options { tokenVocab = PtxLexer; }

// A module, or any run of whole top-level items (the driver may parse a large
// file in such pieces).
module
    : topLevel* EOF
    ;

topLevel
    : versionDirective
    | targetDirective
    | addressSizeDirective
    | fileDirective
    | sectionDirective
    | aliasDirective
    | pragmaDirective
    | functionDecl
    | variableDecl
    ;

// Entry rules of the driver's fast path (src/parse/parser.cpp). A large
// function or section is parsed a run of whole statements (or data lines) at
// a time, its braces matched by the driver; together these pieces are exactly
// `functionDecl` and `sectionDirective` below. Input with any syntax error
// is parsed again through `module`, so errors are always reported from it.
functionHeaderPiece : functionHeader EOF;
statementsPiece     : statement* EOF;
sectionItemsPiece   : sectionItem* EOF;

// ---------------------------------------------------------------------------
// 11.1 PTX module directives
// ---------------------------------------------------------------------------
versionDirective     : VERSION FLOAT;
targetDirective      : TARGET IDENT (COMMA IDENT)*;
addressSizeDirective : ADDRESS_SIZE INT;

// 11.5 Debugging directives
fileDirective    : FILE INT STRING (COMMA INT COMMA INT)?;
sectionDirective : SECTION DOT_NAME LBRACE sectionItem* RBRACE;
sectionItem
    : IDENT COLON                                   # sectionLabel
    | TYPE expression (COMMA expression)*           # sectionData
    ;
locDirective     : LOC INT INT INT (COMMA locAttribute)*;
locAttribute     : IDENT (INT INT INT | expression)?;

// 11.2.3 .alias, 11.4.7 .pragma
aliasDirective  : ALIAS IDENT COMMA IDENT SEMI;
pragmaDirective : PRAGMA STRING (COMMA STRING)* SEMI;

// ---------------------------------------------------------------------------
// 11.2 Kernel and function directives
// ---------------------------------------------------------------------------
// The body or the `;` may be left out: a prototype that the next item ends
// (`.func (.param .s32 r) f (.param .s32 a)` then `.entry ...`), as old
// nvopencc wrote it; ptxas 13.0 takes it at every PTX ISA version.
functionDecl : functionHeader (functionBody | SEMI)?;

functionHeader
    : linkage* kind=(ENTRY | FUNC) attributeClause*
      returnParams=paramList? name=IDENT params=paramList?
      functionDirective*
    ;

linkage : EXTERN | VISIBLE | WEAK | COMMON;

paramList : LPAREN (paramDecl (COMMA paramDecl)*)? RPAREN;
paramDecl : declSpecifier+ declarator;

// 11.4 performance-tuning, 11.7 cluster dimension and 11.8 miscellaneous
// directives that follow a function's header.
functionDirective
    : MAXNTID INT (COMMA INT)*
    | REQNTID INT (COMMA INT)*
    | MAXNREG INT
    | MINNCTAPERSM INT
    | MAXNCTAPERSM INT
    | MAXCLUSTERRANK INT
    | REQNCTAPERCLUSTER INT (COMMA INT)*
    | EXPLICITCLUSTER
    | BLOCKSARECLUSTERS
    | NORETURN
    | ABI_PRESERVE INT
    | ABI_PRESERVE_CONTROL INT
    | pragmaDirective
    | unknownDirective
    ;

// A dotted word that is no directive, where a directive may stand. Parsed so
// that the rest of the function is still checked; reported by the AST
// builder with the closest directive as a suggestion.
unknownDirective : DOT_NAME (INT (COMMA INT)*)?;

functionBody : LBRACE statement* RBRACE;

// ---------------------------------------------------------------------------
// 4.3 Statements
// ---------------------------------------------------------------------------
statement
    : label=IDENT COLON prototype=callPrototype         # prototypeStatement
    | label=IDENT COLON targets=branchTargets           # branchTargetsStatement
    | label=IDENT COLON targets=callTargets             # callTargetsStatement
    | label=IDENT COLON                                 # labelStatement
    | instruction SEMI                                  # instructionStatement
    | functionHeader SEMI                               # functionDeclarationStatement
    | variableDecl                                      # declarationStatement
    | locDirective                                      # locStatement
    | fileDirective                                     # fileStatement
    | pragmaDirective                                   # pragmaStatement
    | sectionDirective                                  # sectionStatement
    | LBRACE statement* RBRACE                          # blockStatement
    ;

// 11.3 Control flow directives
callPrototype
    : CALLPROTOTYPE (returnParams=paramList)? UNDERSCORE (params=paramList)?
      functionDirective* SEMI
    ;
branchTargets : BRANCHTARGETS targetName (COMMA targetName)* SEMI;
callTargets   : CALLTARGETS targetName (COMMA targetName)* SEMI;
targetName    : IDENT (LT INT GT)?;

// 4.3.2 Instruction statements: one generic form for every opcode.
instruction : guard? opcode=(IDENT | OPCODE_OR_DOTTED) (operand (COMMA operand)*)?;
guard       : AT BANG? (IDENT | OPCODE_OR_DOTTED);

// ---------------------------------------------------------------------------
// 6 Instruction operands
// ---------------------------------------------------------------------------
operand
    : LPAREN (operand (COMMA operand)*)? RPAREN           # parenOperand
    // d|p: a destination vector with a predicate result (9.7.10.3 tex)
    | LBRACE vectorElement (COMMA vectorElement)* RBRACE (PIPE pred=IDENT)?  # vectorOperand
    | LBRACK expression (COMMA operand)* RBRACK suffix=DOT_NAME?  # addressOperand
    | BANG (IDENT | OPCODE_OR_DOTTED)                     # negatedOperand
    // p|q; "the sink symbol '_' may be used in place of any one of the
    // destination operands" (9.7.6.2 setp)
    | first=(IDENT | UNDERSCORE) PIPE second=(IDENT | UNDERSCORE) # predicatePairOperand
    | UNDERSCORE                                          # sinkOperand
    | expression                                          # expressionOperand
    ;

vectorElement : UNDERSCORE | expression;

// 4.5.4 Constant expressions, with C precedence (Table 4). Registers,
// variables and labels are primaries, so `%rd1+8` and `buf+16` are
// expressions too.
expression
    : primary                                                   # primaryExpr
    | expression LBRACK expression RBRACK                       # indexExpr
    | op=(PLUS | MINUS | BANG | TILDE) expression               # unaryExpr
    | LPAREN TYPE RPAREN expression                             # castExpr
    | expression op=(STAR | SLASH | PERCENT) expression         # binaryExpr
    | expression op=(PLUS | MINUS) expression                   # binaryExpr
    | expression op=(SHL | SHR) expression                      # binaryExpr
    | expression op=(LT | GT | LE | GE) expression              # binaryExpr
    | expression op=(EQ | NE) expression                        # binaryExpr
    | expression op=AMP expression                              # binaryExpr
    | expression op=CARET expression                            # binaryExpr
    | expression op=PIPE expression                             # binaryExpr
    | expression op=ANDAND expression                           # binaryExpr
    | expression op=OROR expression                             # binaryExpr
    | <assoc=right> expression QUESTION expression COLON expression # conditionalExpr
    ;

primary
    : INT                                       # intLiteral
    | FLOAT                                     # floatLiteral
    | HEX_FLOAT                                 # floatLiteral
    | IDENT LPAREN expression RPAREN            # callLikeExpr    // generic(var)
    | INT LPAREN expression RPAREN              # maskExpr        // 0xFF00(var)
    | (IDENT | OPCODE_OR_DOTTED | DOT_NAME)     # symbolRef
    | LPAREN expression RPAREN                  # parenExpr
    ;

// ---------------------------------------------------------------------------
// 5.4 Variables
// ---------------------------------------------------------------------------
variableDecl : declSpecifier+ declarator (COMMA declarator)* SEMI;

declSpecifier
    : linkage                                   # linkageSpecifier
    | space=(REG | SREG | CONST | GLOBAL | LOCAL | PARAM | SHARED | TEX)
      (LBRACK INT RBRACK)?                      # stateSpaceSpecifier
    | ALIGN INT                                 # alignSpecifier
    | VECTOR                                    # vectorSpecifier
    | TYPE                                      # typeSpecifier
    | PTR                                       # ptrSpecifier
    | attributeClause                           # attributeSpecifier
    | DOT_NAME                                  # unknownSpecifier
    ;

// 5.4.8 .attribute(.managed), .attribute(.unified(uuid1, uuid2))
attributeClause : ATTRIBUTE LPAREN attributeItem (COMMA attributeItem)* RPAREN;
attributeItem   : DOT_NAME (LPAREN expression (COMMA expression)* RPAREN)?;

declarator
    : name=(IDENT | UNDERSCORE)
      (LT count=INT GT)?                        // 5.4.6 parameterized names
      (LBRACK expression? RBRACK)*              // 5.4.3 arrays
      (ASSIGN initializer)?                     // 5.4.4 initializers
    ;

initializer
    : LBRACE (initializer (COMMA initializer)*)? RBRACE
    | field=IDENT ASSIGN expression             // 5.3 `filter_mode = nearest`
    | expression
    ;
