// pathdb SQL parser: the Oracle dialect of shared/design/contract.md plus the SQLite-isms of
// the sqllogictest corpus. The transformer in parser/ turns these contexts into ast nodes.
parser grammar SqlParser;

options { tokenVocab = SqlLexer; }

sqlStatement : statement SEMI? EOF ;
expressionOnly : condition EOF ;

statement
  : query
  | insertStatement
  | updateStatement
  | deleteStatement
  | createTableStatement
  | createIndexStatement
  | createViewStatement
  | dropStatement
  | truncateStatement
  | alterTableStatement
  | alterIndexStatement
  | commitStatement
  | rollbackStatement
  | savepointStatement
  | alterSessionStatement
  | alterSystemStatement
  | explainStatement
  | plsqlBlock
  | execStatement
  ;

// ---------------------------------------------------------------- queries
query : withClause? queryExpression orderByClause? rowLimitingClause? ;

withClause : WITH withItem (COMMA withItem)* ;
withItem : identifier (LPAREN identifierList RPAREN)? AS LPAREN query RPAREN ;

// Oracle gives all set operators the same precedence, evaluated left to right.
queryExpression : queryPrimary (setOperator queryPrimary)* ;
setOperator : UNION ALL? | INTERSECT | MINUS_KW | EXCEPT ;
queryPrimary
  : querySpecification
  | LPAREN query RPAREN
  ;

querySpecification
  : SELECT setQuantifier=(DISTINCT | UNIQUE | ALL)? selectList
    (FROM tableReferenceList)?
    whereClause?
    hierarchicalClause?
    groupByClause?
    havingClause?
  ;

selectList : selectItem (COMMA selectItem)* ;
selectItem
  : STAR                            # starSelectItem
  | qualifiedName DOT STAR          # qualifiedStarSelectItem
  | condition (AS? identifier)?     # exprSelectItem
  ;

tableReferenceList : tableReference (COMMA tableReference)* ;
tableReference : tablePrimary joinClause* ;
tablePrimary
  : TABLE LPAREN expr RPAREN (AS? identifier)?     # tableFunctionPrimary
  | LPAREN query RPAREN (AS? identifier)?          # subqueryTablePrimary
  | LPAREN tableReference RPAREN                   # parenTablePrimary
  | qualifiedName (AS? identifier)?                # namedTablePrimary
  ;
joinClause
  : CROSS JOIN tablePrimary                                                           # crossJoin
  | NATURAL joinType? JOIN tablePrimary                                               # naturalJoin
  | joinType? JOIN tablePrimary (ON condition | USING LPAREN identifierList RPAREN)   # qualifiedJoin
  ;
joinType : INNER | (LEFT | RIGHT | FULL) OUTER? ;

whereClause : WHERE condition ;
hierarchicalClause
  : START WITH startCond=condition CONNECT BY NOCYCLE? connectCond=condition
  | CONNECT BY NOCYCLE? connectCond=condition (START WITH startCond=condition)?
  ;
groupByClause : GROUP BY expr (COMMA expr)* ;
havingClause : HAVING condition ;
orderByClause : ORDER BY orderItem (COMMA orderItem)* ;
orderItem : expr (ASC | DESC)? (NULLS (FIRST | LAST))? ;

rowLimitingClause
  : OFFSET offset=expr (ROW | ROWS)? fetchClause?
  | fetchClause
  | LIMIT limit=expr ((OFFSET | COMMA) offset=expr)?
  ;
fetchClause : FETCH (FIRST | NEXT) (count=expr PERCENT_KW?)? (ROW | ROWS) (ONLY | WITH TIES) ;

// ---------------------------------------------------------------- conditions and expressions
condition
  : NOT condition                   # notCondition
  | condition AND condition         # andCondition
  | condition OR condition          # orCondition
  | predicate                       # predicateCondition
  ;

predicate
  : EXISTS LPAREN query RPAREN                                                      # existsPredicate
  | LPAREN expr (COMMA expr)+ RPAREN NOT? IN LPAREN (query | rowList) RPAREN       # rowInPredicate
  | expr predicateTail?                                                             # exprPredicate
  ;
predicateTail
  : compOp quantifier=(ANY | SOME | ALL) LPAREN (query | exprList) RPAREN  # quantifiedTail
  | compOp expr                                                            # compareTail
  | IS NOT? NULL_                                                          # isNullTail
  | NOT? BETWEEN low=expr AND high=expr                                    # betweenTail
  | NOT? IN LPAREN query RPAREN                                            # inSubqueryTail
  | NOT? IN LPAREN exprList? RPAREN                                        # inListTail
  | NOT? LIKE pattern=expr (ESCAPE escape=expr)?                           # likeTail
  ;
compOp : EQUAL | NOT_EQUAL | LESS | LESS_EQUAL | GREATER | GREATER_EQUAL ;
rowList : LPAREN exprList RPAREN (COMMA LPAREN exprList RPAREN)* ;
exprList : expr (COMMA expr)* ;

expr
  : primary                                   # primaryExpr
  | op=(PLUS | MINUS) expr                    # signExpr
  | PRIOR expr                                # priorExpr
  | expr op=(STAR | SLASH | PERCENT) expr     # mulExpr
  | expr op=(PLUS | MINUS | CONCAT) expr      # addExpr
  ;

primary
  : literal                                                                  # literalPrimary
  | BIND_VARIABLE                                                            # bindPrimary
  | ROWNUM                                                                   # rownumPrimary
  | LEVEL                                                                    # levelPrimary
  | ROWID                                                                    # rowidPrimary
  | qualifiedName DOT ROWID                                                  # qualifiedRowidPrimary
  | SYSDATE                                                                  # sysdatePrimary
  | SYSTIMESTAMP                                                             # systimestampPrimary
  | CASE operand=expr? (WHEN condition THEN condition)+ (ELSE elseValue=condition)? END  # casePrimary
  | CAST LPAREN condition AS dataType RPAREN                                 # castPrimary
  | EXTRACT LPAREN intervalField FROM expr RPAREN                            # extractPrimary
  | TRIM LPAREN trimSpec=(LEADING | TRAILING | BOTH)? trimChar=expr? FROM source=expr RPAREN  # trimFromPrimary
  | qualifiedName LPAREN STAR RPAREN                                         # countStarPrimary
  | qualifiedName LPAREN (setQuantifier=(DISTINCT | UNIQUE | ALL)? functionArg (COMMA functionArg)*)? RPAREN  # functionPrimary
  | qualifiedName                                                            # columnPrimary
  | LPAREN query RPAREN                                                      # subqueryPrimary
  | LPAREN condition RPAREN                                                  # parenPrimary
  ;
functionArg : (identifier ARROW)? condition ;

literal
  : NUMERIC_LITERAL           # numberLiteral
  | STRING_LITERAL            # stringLiteral
  | Q_STRING_LITERAL          # qStringLiteral
  | NULL_                     # nullLiteral
  | DATE STRING_LITERAL       # dateLiteral
  | TIMESTAMP STRING_LITERAL  # timestampLiteral
  | INTERVAL STRING_LITERAL intervalQualifier  # intervalLiteral
  ;
// DAY(3), SECOND(2, 3), YEAR TO MONTH, DAY(2) TO SECOND(6)
intervalQualifier
  : leading=intervalField (LPAREN leadingPrecision=NUMERIC_LITERAL (COMMA leadingFraction=NUMERIC_LITERAL)? RPAREN)?
    (TO trailing=intervalField (LPAREN trailingPrecision=NUMERIC_LITERAL RPAREN)?)?
  ;
intervalField : YEAR | MONTH | DAY | HOUR | MINUTE | SECOND ;

dataType
  : NUMBER (LPAREN precision=typeSize (COMMA scale=signedInteger)? RPAREN)?        # numberType
  | (DECIMAL | NUMERIC) (LPAREN precision=typeSize (COMMA scale=signedInteger)? RPAREN)?  # decimalType
  | (INTEGER | INT | SMALLINT | BIGINT)                                              # integerType
  | (BINARY_DOUBLE | BINARY_FLOAT | REAL | DOUBLE PRECISION? | FLOAT (LPAREN NUMERIC_LITERAL RPAREN)?)  # doubleType
  | (VARCHAR2 | VARCHAR | NVARCHAR2) (LPAREN NUMERIC_LITERAL (BYTE | CHAR)? RPAREN)?  # varcharType
  | CHAR (LPAREN NUMERIC_LITERAL (BYTE | CHAR)? RPAREN)?                              # charType
  | TEXT                                                                              # textType
  | DATE                                                                              # dateType
  | TIMESTAMP (LPAREN NUMERIC_LITERAL RPAREN)?                                        # timestampType
  | INTERVAL intervalQualifier                                                        # intervalType
  ;
typeSize : NUMERIC_LITERAL | STAR ;
signedInteger : MINUS? NUMERIC_LITERAL ;

// ---------------------------------------------------------------- DML
insertStatement
  : INSERT INTO qualifiedName (AS? alias=identifier)? (LPAREN identifierList RPAREN)?
    (VALUES valuesRow (COMMA valuesRow)* | query)
  ;
valuesRow : LPAREN exprList RPAREN ;
updateStatement
  : UPDATE qualifiedName (AS? alias=identifier)? SET assignment (COMMA assignment)* whereClause?
  ;
assignment : qualifiedName EQUAL condition ;
deleteStatement : DELETE FROM? qualifiedName (AS? alias=identifier)? whereClause? ;
commitStatement : COMMIT WORK? ;
rollbackStatement : ROLLBACK WORK? (TO SAVEPOINT? identifier)? ;
savepointStatement : SAVEPOINT identifier ;

// ---------------------------------------------------------------- DDL
createTableStatement
  : CREATE (GLOBAL TEMPORARY)? TABLE (IF NOT EXISTS)? qualifiedName
    ( LPAREN tableElement (COMMA tableElement)* RPAREN tableOption* (AS query)?
    | tableOption* AS query )
  ;
tableElement : tableConstraint | columnDefinition ;
columnDefinition : identifier dataType? columnConstraint* ;
columnConstraint
  : CONSTRAINT identifier                                          # namedColumnConstraint
  | NOT NULL_                                                      # notNullConstraint
  | NULL_                                                          # nullConstraint
  | PRIMARY KEY (ASC | DESC)?                                      # primaryKeyColumnConstraint
  | UNIQUE                                                         # uniqueColumnConstraint
  | DEFAULT expr                                                   # defaultConstraint
  | CHECK LPAREN condition RPAREN                                  # checkColumnConstraint
  | REFERENCES qualifiedName (LPAREN identifierList RPAREN)?       # referencesConstraint
  ;
tableConstraint
  : (CONSTRAINT identifier)?
    ( PRIMARY KEY LPAREN identifierList RPAREN
    | UNIQUE LPAREN identifierList RPAREN
    | CHECK LPAREN condition RPAREN
    | FOREIGN KEY LPAREN identifierList RPAREN REFERENCES qualifiedName (LPAREN identifierList RPAREN)? )
  ;
tableOption
  : PCTFREE NUMERIC_LITERAL        # pctfreeOption
  | INMEMORY inmemoryAttribute*    # inmemoryOption
  | NO INMEMORY                    # noInmemoryOption
  ;
inmemoryAttribute
  : MEMCOMPRESS FOR compressKind=identifier level=(LOW | HIGH)?   # memcompressAttribute
  | NO MEMCOMPRESS                                                # noMemcompressAttribute
  | PRIORITY level=(NONE | LOW | MEDIUM | HIGH | CRITICAL)        # priorityAttribute
  | INMEMORY LPAREN identifierList RPAREN                         # inmemoryColumnsAttribute
  | NO INMEMORY LPAREN identifierList RPAREN                      # noInmemoryColumnsAttribute
  ;

createIndexStatement
  : CREATE UNIQUE? INDEX (IF NOT EXISTS)? indexName=qualifiedName
    ON tableName=qualifiedName LPAREN indexColumn (COMMA indexColumn)* RPAREN
  ;
indexColumn : identifier (ASC | DESC)? ;

createViewStatement
  : CREATE (OR REPLACE)? (NO? FORCE)? VIEW (IF NOT EXISTS)? qualifiedName
    (LPAREN identifierList RPAREN)? AS query
  ;

dropStatement
  : DROP TABLE (IF EXISTS)? qualifiedName (CASCADE CONSTRAINTS)? PURGE?   # dropTable
  | DROP INDEX (IF EXISTS)? qualifiedName                               # dropIndex
  | DROP VIEW (IF EXISTS)? qualifiedName                                # dropView
  ;
truncateStatement : TRUNCATE TABLE qualifiedName ;

alterTableStatement
  : ALTER TABLE qualifiedName INMEMORY inmemoryAttribute*    # alterTableInmemory
  | ALTER TABLE qualifiedName NO INMEMORY (LPAREN identifierList RPAREN)?   # alterTableNoInmemory
  ;

// ONLINE is accepted for Oracle scripts; the rebuild holds the database either way.
alterIndexStatement : ALTER INDEX qualifiedName REBUILD (IDENTIFIER)? ;

// ---------------------------------------------------------------- session, system, explain
alterSessionStatement
  : ALTER SESSION SET parameterName EQUAL parameterValue                    # alterSessionSet
  | ALTER SESSION FORCE PARALLEL kind=(QUERY | DML | DDL) (PARALLEL degree=NUMERIC_LITERAL)?  # alterSessionForceParallel
  | ALTER SESSION toggle=(ENABLE | DISABLE) PARALLEL kind=(QUERY | DML | DDL)  # alterSessionToggleParallel
  ;
alterSystemStatement
  : ALTER SYSTEM FLUSH target=(BUFFER_CACHE | SHARED_POOL)   # alterSystemFlush
  | ALTER SYSTEM SET parameterName EQUAL parameterValue      # alterSystemSet
  ;
parameterName : identifier ;
parameterValue : (~SEMI)+ ;

explainStatement
  : EXPLAIN PLAN (SET STATEMENT_ID EQUAL statementId=STRING_LITERAL)? (INTO qualifiedName)?
    FOR statement
  ;

// ---------------------------------------------------------------- PL/SQL calls
plsqlBlock : BEGIN (plsqlCall SEMI)+ END identifier? SEMI? ;
plsqlCall : procCall | NULL_ | bindAssignment ;
execStatement : (EXEC | EXECUTE) (procCall | bindAssignment) ;
bindAssignment : BIND_VARIABLE ASSIGN condition ;
procCall : qualifiedName (LPAREN (functionArg (COMMA functionArg)*)? RPAREN)? ;

// ---------------------------------------------------------------- names
qualifiedName : identifier (DOT identifier)* ;
identifierList : identifier (COMMA identifier)* ;
identifier : IDENTIFIER | QUOTED_IDENTIFIER | nonReservedKeyword ;

// Keywords Oracle does not reserve (or that we need to keep usable as names).
nonReservedKeyword
  : ADD | BEGIN | BIGINT | BINARY_DOUBLE | BINARY_FLOAT | BOTH | BUFFER_CACHE | BYTE | CASCADE
  | COMMIT | CONSTRAINTS | CRITICAL | DAY | DDL | DECLARE | DISABLE | DML | DOUBLE | ENABLE | ESCAPE
  | EXEC | EXECUTE | EXPLAIN | EXTRACT | FIRST | FLUSH | FORCE | GLOBAL | HIGH | HOUR | IF | INDEX
  | INMEMORY | INT | INTERVAL | KEY | LAST | LEADING | LOW | MEDIUM | MEMCOMPRESS | MINUTE | MONTH
  | NEXT | NO | NOCYCLE | NONE
  | NULLS | NUMERIC | NVARCHAR2 | ONLY | PARALLEL | PCTFREE | PERCENT_KW | PLAN | PRECISION
  | PRIORITY | PURGE | QUERY | REAL | REBUILD | REFERENCES | REPLACE | ROLLBACK | ROW | ROWS | SAVEPOINT
  | SECOND | SESSION | SHARED_POOL | STATEMENT_ID | SYSTEM | TEMPORARY | TEXT | TIES | TIMESTAMP | TO
  | TRAILING | TRIM | TRUNCATE | VIEW | WORK | YEAR
  ;
