// Session parameters (ALTER SESSION, --param, SHOW PARAMETER, V$PARAMETER), by their exact
// Oracle names. Values are kept as text and validated on set (ORA-02248 for an unknown name,
// ORA-00096 for a bad value).
#pragma once
#include <map>
#include <string>
#include <vector>

namespace pathdb {

class Parameters {
 public:
  Parameters();

  struct Entry {
    std::string name;   //!< lower-case, hidden ones with leading '_'
    std::string value;  //!< current value as shown by SHOW PARAMETER
    std::string type;   //!< "boolean", "integer", "string", "big integer"
    std::string default_value;
    std::vector<std::string> allowed;  //!< allowed values (upper-case) for enumerations
    std::string description;           //!< V$PARAMETER.DESCRIPTION
  };

  //! Throws ORA-02248 (invalid option for ALTER SESSION) or ORA-00096 (invalid value).
  void Set(const std::string& name, const std::string& value);
  const std::string& Get(const std::string& name) const;
  int64_t GetInt(const std::string& name) const;
  bool IsDefault(const std::string& name) const;
  //! Entries whose name contains `pattern` (SHOW PARAMETER semantics), sorted by name.
  std::vector<const Entry*> Matching(const std::string& pattern) const;
  std::vector<const Entry*> All() const;

 private:
  std::map<std::string, Entry> entries_;
};

}  // namespace pathdb
