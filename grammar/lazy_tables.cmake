# Run after ANTLR generates the recognizers (CMakeLists.txt): GEN_DIR holds SqlLexer.* and
# SqlParser.*.
#
# ANTLR 4.9's generated code builds each recognizer's ATN and DFA tables in a static
# initializer (`static Initializer _init`): ~9M instructions, 3-4 ms, before main() in every
# process, whether it parses or not. Here that object becomes a function-local static behind
# EnsureInitialized(): built by the first recognizer constructed, or earlier on another thread
# (pathdb::PrepareParser, which the shell starts while it opens the database). C++ guarantees
# one initialization; a constructor that finds it under way waits for it.
foreach(name SqlLexer SqlParser)
  set(h ${GEN_DIR}/${name}.h)
  set(c ${GEN_DIR}/${name}.cpp)
  file(READ ${h} header)
  file(READ ${c} source)
  string(FIND "${header}" "  static Initializer _init;" at_h)
  string(FIND "${source}" "${name}::Initializer ${name}::_init;" at_c)
  if(at_h EQUAL -1 OR at_c EQUAL -1)
    message(FATAL_ERROR "lazy_tables.cmake: ${name}'s static Initializer not found (ANTLR version?)")
  endif()
  string(REPLACE "  static Initializer _init;"
                 "public:\n  static void EnsureInitialized();" header "${header}")
  string(REPLACE "${name}::Initializer ${name}::_init;"
                 "void ${name}::EnsureInitialized() { static Initializer init; }" source "${source}")
  # every constructor makes sure the tables exist before its simulator uses them
  string(REGEX REPLACE "(${name}::${name}\\([A-Za-z]+ \\*input\\) : [A-Za-z]+\\(input\\) {)"
                       "\\1\n  EnsureInitialized();" source "${source}")
  string(FIND "${source}" "{\n  EnsureInitialized();" at_ctor)
  if(at_ctor EQUAL -1)
    message(FATAL_ERROR "lazy_tables.cmake: ${name}'s constructor not found (ANTLR version?)")
  endif()
  file(WRITE ${h} "${header}")
  file(WRITE ${c} "${source}")
endforeach()
