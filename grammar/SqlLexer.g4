// pathdb SQL lexer (Oracle dialect plus the SQLite-isms of the sqllogictest corpus).
// ANTLR 4.7.2 has no caseInsensitive option, so keywords are spelled with letter fragments.
lexer grammar SqlLexer;

channels { HINT_CHANNEL }

// ---- hints and comments: HINT must precede BLOCK_COMMENT (same length, first rule wins)
HINT          : '/*+' .*? '*/' -> channel(HINT_CHANNEL);
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN);
LINE_COMMENT  : '--' ~[\r\n]* -> channel(HIDDEN);
WS            : [ \t\r\n\f]+ -> channel(HIDDEN);

// ---- keywords (every keyword must also be listed in SqlParser's keyword rules)
ADD: A D D;
ALL: A L L;
ALTER: A L T E R;
AND: A N D;
ANY: A N Y;
AS: A S;
ASC: A S C;
BEGIN: B E G I N;
BETWEEN: B E T W E E N;
BIGINT: B I G I N T;
BINARY_DOUBLE: B I N A R Y '_' D O U B L E;
BINARY_FLOAT: B I N A R Y '_' F L O A T;
BOTH: B O T H;
BUFFER_CACHE: B U F F E R '_' C A C H E;
BY: B Y;
BYTE: B Y T E;
CASCADE: C A S C A D E;
CASE: C A S E;
CAST: C A S T;
CHAR: C H A R;
CHECK: C H E C K;
COMMIT: C O M M I T;
CONNECT: C O N N E C T;
CONSTRAINT: C O N S T R A I N T;
CONSTRAINTS: C O N S T R A I N T S;
CREATE: C R E A T E;
CRITICAL: C R I T I C A L;
CROSS: C R O S S;
DATE: D A T E;
DAY: D A Y;
DDL: D D L;
DECIMAL: D E C I M A L;
DECLARE: D E C L A R E;
DEFAULT: D E F A U L T;
DELETE: D E L E T E;
DESC: D E S C;
DISABLE: D I S A B L E;
DISTINCT: D I S T I N C T;
DML: D M L;
DOUBLE: D O U B L E;
DROP: D R O P;
ELSE: E L S E;
ENABLE: E N A B L E;
END: E N D;
ESCAPE: E S C A P E;
EXCEPT: E X C E P T;
EXEC: E X E C;
EXECUTE: E X E C U T E;
EXISTS: E X I S T S;
EXTRACT: E X T R A C T;
EXPLAIN: E X P L A I N;
FETCH: F E T C H;
FIRST: F I R S T;
FLOAT: F L O A T;
FLUSH: F L U S H;
FOR: F O R;
FORCE: F O R C E;
FOREIGN: F O R E I G N;
FROM: F R O M;
FULL: F U L L;
GLOBAL: G L O B A L;
GROUP: G R O U P;
HAVING: H A V I N G;
HIGH: H I G H;
HOUR: H O U R;
IF: I F;
IN: I N;
INDEX: I N D E X;
INMEMORY: I N M E M O R Y;
INNER: I N N E R;
INSERT: I N S E R T;
INT: I N T;
INTEGER: I N T E G E R;
INTERSECT: I N T E R S E C T;
INTERVAL: I N T E R V A L;
INTO: I N T O;
IS: I S;
JOIN: J O I N;
KEY: K E Y;
LAST: L A S T;
LEADING: L E A D I N G;
LEFT: L E F T;
LEVEL: L E V E L;
LIKE: L I K E;
LIMIT: L I M I T;
LOW: L O W;
MEDIUM: M E D I U M;
MINUTE: M I N U T E;
MONTH: M O N T H;
MEMCOMPRESS: M E M C O M P R E S S;
MINUS_KW: M I N U S;
NATURAL: N A T U R A L;
NEXT: N E X T;
NO: N O;
NOCYCLE: N O C Y C L E;
NONE: N O N E;
NOT: N O T;
NULL_: N U L L;
NULLS: N U L L S;
NUMBER: N U M B E R;
NUMERIC: N U M E R I C;
NVARCHAR2: N V A R C H A R '2';
OFFSET: O F F S E T;
ON: O N;
ONLY: O N L Y;
OR: O R;
ORDER: O R D E R;
OUTER: O U T E R;
PARALLEL: P A R A L L E L;
PCTFREE: P C T F R E E;
PERCENT_KW: P E R C E N T;
PLAN: P L A N;
PRECISION: P R E C I S I O N;
PRIMARY: P R I M A R Y;
PRIOR: P R I O R;
PRIORITY: P R I O R I T Y;
PURGE: P U R G E;
QUERY: Q U E R Y;
REAL: R E A L;
REBUILD: R E B U I L D;
REFERENCES: R E F E R E N C E S;
REPLACE: R E P L A C E;
RIGHT: R I G H T;
ROLLBACK: R O L L B A C K;
ROW: R O W;
ROWID: R O W I D;
ROWNUM: R O W N U M;
ROWS: R O W S;
SAVEPOINT: S A V E P O I N T;
SECOND: S E C O N D;
SELECT: S E L E C T;
SESSION: S E S S I O N;
SET: S E T;
SHARED_POOL: S H A R E D '_' P O O L;
SMALLINT: S M A L L I N T;
SOME: S O M E;
START: S T A R T;
STATEMENT_ID: S T A T E M E N T '_' I D;
SYSDATE: S Y S D A T E;
SYSTEM: S Y S T E M;
SYSTIMESTAMP: S Y S T I M E S T A M P;
TABLE: T A B L E;
TEMPORARY: T E M P O R A R Y;
TEXT: T E X T;
THEN: T H E N;
TIES: T I E S;
TIMESTAMP: T I M E S T A M P;
TO: T O;
TRAILING: T R A I L I N G;
TRIM: T R I M;
TRUNCATE: T R U N C A T E;
UNION: U N I O N;
UNIQUE: U N I Q U E;
UPDATE: U P D A T E;
USING: U S I N G;
VALUES: V A L U E S;
VARCHAR: V A R C H A R;
VARCHAR2: V A R C H A R '2';
VIEW: V I E W;
WHEN: W H E N;
WHERE: W H E R E;
WITH: W I T H;
WORK: W O R K;
YEAR: Y E A R;

// ---- literals and names
NUMERIC_LITERAL
  : ( DIGIT+ ( '.' DIGIT* )? | '.' DIGIT+ ) ( [eE] [+-]? DIGIT+ )? [fFdD]?
  ;
STRING_LITERAL : [nN]? '\'' ( ~'\'' | '\'\'' )* '\'' ;
// Oracle alternative quoting q'[...]' for the common delimiter pairs.
Q_STRING_LITERAL
  : [nN]? [qQ] '\'' ( '[' .*? ']' | '{' .*? '}' | '(' .*? ')' | '<' .*? '>' | '!' .*? '!'
                    | '#' .*? '#' | '|' .*? '|' ) '\''
  ;
// Longer than STRING_LITERAL only when the closing quote is missing: then ORA-01756.
UNTERMINATED_STRING : [nN]? '\'' ( ~'\'' | '\'\'' )* ;
QUOTED_IDENTIFIER : '"' ( ~'"' | '""' )* '"' ;
UNTERMINATED_QUOTED_IDENTIFIER : '"' ( ~'"' | '""' )* ;
BIND_VARIABLE : ':' [a-zA-Z0-9_$#]+ ;
IDENTIFIER : [a-zA-Z_] [a-zA-Z0-9_$#]* ;

// ---- operators and punctuation
ARROW : '=>' ;
CONCAT : '||' ;
ASSIGN : ':=' ;
NOT_EQUAL : '<>' | '!=' | '^=' | '~=' ;
LESS_EQUAL : '<=' ;
GREATER_EQUAL : '>=' ;
EQUAL : '=' | '==' ;
LESS : '<' ;
GREATER : '>' ;
PLUS : '+' ;
MINUS : '-' ;
STAR : '*' ;
SLASH : '/' ;
PERCENT : '%' ;
LPAREN : '(' ;
RPAREN : ')' ;
COMMA : ',' ;
DOT : '.' ;
SEMI : ';' ;
AT : '@' ;

// Last: the lexer never fails, every error surfaces in the parser with line and column.
UNEXPECTED_CHAR : . ;

fragment DIGIT : [0-9] ;
fragment A : [aA]; fragment B : [bB]; fragment C : [cC]; fragment D : [dD];
fragment E : [eE]; fragment F : [fF]; fragment G : [gG]; fragment H : [hH];
fragment I : [iI]; fragment J : [jJ]; fragment K : [kK]; fragment L : [lL];
fragment M : [mM]; fragment N : [nN]; fragment O : [oO]; fragment P : [pP];
fragment Q : [qQ]; fragment R : [rR]; fragment S : [sS]; fragment T : [tT];
fragment U : [uU]; fragment V : [vV]; fragment W : [wW]; fragment X : [xX];
fragment Y : [yY]; fragment Z : [zZ];
