// Session parameters (ALTER SESSION, ALTER SYSTEM, --param, SHOW PARAMETER, V$PARAMETER), by
// their exact Oracle names. Each value is parsed once, when it is set, into its typed form
// (boolean, integer, byte size, enumeration member or free text); readers take that form and
// never parse again. A value that does not parse is refused with Oracle's error and the
// parameter keeps its previous value, so no reader ever sees a malformed one.
//
// Thread contract: a Parameters object belongs to one Session and is not thread-safe.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace pathdb {

//! How a parameter's value is parsed and shown (V$PARAMETER.TYPE: 1, 2, 3, 6).
enum class ParamKind {
  kBoolean,     //!< TRUE / FALSE
  kInteger,     //!< decimal digits
  kBigInteger,  //!< decimal digits with an optional K, M or G suffix (a byte size)
  kEnum,        //!< one of `allowed` (shown upper-case); Oracle's type is "string"
  kString,      //!< free text, kept as given
};

class Parameters {
 public:
  Parameters();

  struct Entry {
    std::string name;  //!< lower-case, hidden ones with leading '_'
    ParamKind kind = ParamKind::kString;
    std::string value;  //!< current value as shown by SHOW PARAMETER (256M, TRUE, ALL_ROWS)
    //! The parsed value: 0/1 for booleans, the number for integers, bytes for big integers;
    //! 0 for enumerations and strings (their typed form is `value` itself).
    int64_t number = 0;
    std::string default_value;
    std::vector<std::string> allowed;  //!< allowed values (upper-case) for enumerations
    int64_t min = 0, max = INT64_MAX;  //!< inclusive range of integer values
    std::string description;           //!< V$PARAMETER.DESCRIPTION
    //! SHOW PARAMETER's TYPE: "boolean", "integer", "big integer" or "string".
    const char* type_name() const;
  };

  //! Parses `value` for parameter `name` (any case). Throws, leaving the value unchanged:
  //! ORA-02248 for an unknown name, ORA-02095 for a fixed one, ORA-00096 for a boolean or
  //! enumeration value not among the allowed ones, ORA-02017 for a non-integer where an
  //! integer is required, ORA-00068 for an integer out of the parameter's range.
  void Set(const std::string& name, const std::string& value);

  // Typed readers. Each throws ORA-02248 for an unknown name and std::logic_error when the
  // parameter is not of the kind asked for (a programming error, not a user one).
  bool GetBool(const std::string& name) const;
  //! Integers and big integers (in bytes).
  int64_t GetInt(const std::string& name) const;
  //! Enumerations (the upper-case member) and strings (as set).
  const std::string& GetText(const std::string& name) const;

  //! The value as SHOW PARAMETER prints it, whatever the kind.
  const std::string& Get(const std::string& name) const;
  bool IsDefault(const std::string& name) const;
  //! Entries whose name contains `pattern` (SHOW PARAMETER semantics), sorted by name.
  std::vector<const Entry*> Matching(const std::string& pattern) const;
  std::vector<const Entry*> All() const;

 private:
  const Entry& Find(const std::string& name) const;
  std::map<std::string, Entry> entries_;
};

}  // namespace pathdb
