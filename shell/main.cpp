// pathdb: the command-line entry (design/contract.md "Command line").
#include <malloc.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "common/error.h"
#include "parser/parser.h"
#include "shell/cli_options.h"
#include "shell/demo.h"
#include "shell/huge_page_heap.h"
#include "shell/line_editor.h"
#include "shell/login_script.h"
#include "shell/progress_bar.h"
#include "shell/session_engine.h"
#include "shell/slt_protocol.h"
#include "shell/sqlplus.h"
#include "storage/storage.h"

namespace {

// A signal handler can reach nothing but static storage; these three atomics are all it uses.
std::atomic<pathdb::ShellEngine*> g_engine{nullptr};
std::atomic<bool> g_running{false};
std::atomic<bool> g_interrupted{false};

extern "C" void OnSigint(int) {
  g_interrupted.store(true);
  if (g_running.load()) {
    if (auto* e = g_engine.load()) e->Cancel();
  }
}

void InstallSigint(bool interactive) {
  struct sigaction sa {};
  sa.sa_handler = OnSigint;
  sigemptyset(&sa.sa_mask);
  // Interactive reads must return on Ctrl-C (a fresh prompt); scripts just carry on.
  sa.sa_flags = interactive ? 0 : SA_RESTART;
  sigaction(SIGINT, &sa, nullptr);
}

constexpr const char* kVersion = "0.1.0";

void PrintBanner() {
  const std::time_t now = std::time(nullptr);
  char when[64];
  std::strftime(when, sizeof when, "%a %b %e %H:%M:%S %Y", std::localtime(&now));
  std::cout << "\npathdb: Release " << kVersion << " - Production on " << when << "\n\n"
            << "Connected to:\npathdb " << kVersion
            << " - SQL query engine (Oracle-flavoured SQL)\n\n";
}

std::unique_ptr<pathdb::storage::Database> OpenDatabase(const std::filesystem::path& dir,
                                                        const pathdb::shell::CliOptions& o,
                                                        bool demo) {
  pathdb::storage::DatabaseOptions options;
  options.cache_size_bytes = o.cache_size;
  options.accept_redo_loss = o.resetlogs;
  try {
    return pathdb::storage::Database::Open(dir, options);
  } catch (const pathdb::OraError& e) {
    // A half-built demo may have left unreadable files: start it over (never one that is
    // open in another process).
    if (!demo || e.code() == 1102 || pathdb::shell::DemoComplete(dir)) throw;
    std::filesystem::remove_all(dir);
    return pathdb::storage::Database::Open(dir, options);
  } catch (const std::exception&) {
    if (!demo || pathdb::shell::DemoComplete(dir)) throw;
    std::filesystem::remove_all(dir);
    return pathdb::storage::Database::Open(dir, options);
  }
}

int Main(int argc, char** argv) {
  using namespace pathdb::shell;
  CliOptions o;
  try {
    o = ParseCommandLine(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::invalid_argument& e) {
    std::cerr << "pathdb: " << e.what() << '\n' << UsageText();
    return 2;
  }
  if (o.help) {
    std::cout << UsageText();
    return 0;
  }
  if (o.version) {
    std::cout << "pathdb 0.1 (first cut: heap tables, vectorized executor, SQL*Plus shell)\n";
    return 0;
  }
  // The grammar's tables are built while the database opens, on the other core; the first
  // parse waits for them if it gets there first. Without a thread (ulimit -u, RLIMIT_AS)
  // the first parse builds them.
  std::jthread grammar;
  try {
    grammar = std::jthread(pathdb::PrepareParser);
  } catch (const std::system_error&) {
  }
  const std::filesystem::path dir = o.demo ? DemoDirectory() : std::filesystem::path(o.dbdir);
  std::unique_ptr<pathdb::storage::Database> db;
  try {
    db = OpenDatabase(dir, o, o.demo);
  } catch (const std::exception& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
  // What open repaired or lost is said before anything else runs.
  for (const auto& w : db->open_report().warnings) std::cerr << "pathdb: warning: " << w << '\n';
  pathdb::Session session(*db);
  if (isatty(2) != 0) {
    session.SetProgress(
        [](const std::string& label) { return TerminalProgressBar(std::cerr, label); });
  }
  SessionEngine engine(session);
  g_engine.store(&engine);

  bool dialect_given = false;
  try {
    if (o.cache_size_given) {
      try {
        engine.SetParameter("db_cache_size", o.cache_size_text);
      } catch (const pathdb::OraError&) {
        // the cache size already went to the Database; the parameter is only for display
      }
    }
    if (!o.inmemory_size.empty()) engine.SetParameter("inmemory_size", o.inmemory_size);
    for (const auto& [name, value] : o.params) {
      engine.SetParameter(name, value);
      dialect_given = dialect_given || name == "sql_dialect";
    }
    if (o.format == OutputFormat::kSlt && !dialect_given) {
      engine.SetParameter("sql_dialect", "SQLITE");
    }
  } catch (const std::exception& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }

  if (o.demo && !DemoComplete(dir)) {
    try {
      BuildDemo(engine, dir, std::cerr, isatty(2) != 0);
    } catch (const std::exception& e) {
      std::cerr << "demo: " << e.what() << '\n';
      return 1;
    }
  }

  if (o.format == OutputFormat::kSlt) return RunSltProtocol(std::cin, std::cout, engine);

  const bool prompts =
      !o.batch && !o.has_command && o.script.empty() && o.format == OutputFormat::kSqlplus;
  const bool interactive = prompts && isatty(0) != 0;
  InstallSigint(interactive);
  Sqlplus shell(engine, std::cout, std::cerr, o.format, prompts);
  shell.set_running_hook([](bool running) { g_running.store(running); });
  if (prompts) PrintBanner();
  if (!o.nologin) {
    // As SQL*Plus: the profile runs after the banner and before the first statement, in
    // every mode; its SET commands shape what follows.
    std::error_code ec;
    const char* sqlpath = std::getenv("SQLPATH");
    const auto login = FindLoginScript(std::filesystem::current_path(ec), sqlpath ? sqlpath : "");
    if (login) shell.RunScript(login->string(), {});
  }
  // login.sql may have ended the session already (EXIT, WHENEVER ... EXIT).
  const bool ended = shell.exit_requested();
  if (ended) {
    // nothing more runs
  } else if (o.has_command) {
    // -c "select 1 from dual" without its terminator still runs, as users expect.
    std::string cmd = Trim(o.command);
    if (IsPlsqlStart(cmd)) {
      if (cmd.back() != '/') cmd += "\n/";
    } else if (!cmd.empty() && cmd.back() != ';' && cmd.back() != '/') {
      cmd += ';';
    }
    shell.RunText(cmd + "\n");
  } else if (!o.script.empty()) {
    shell.RunScript(o.script, o.script_args);
  } else if (interactive) {
    EditLineSource source(&g_interrupted);
    shell.Run(source);
    std::cout << "Disconnected from pathdb " << kVersion << '\n';
  } else {
    StreamLineSource source(std::cin);
    shell.Run(source);
  }
  shell.Finish();
  std::cout.flush();
  g_engine.store(nullptr);
  return shell.exit_code();
}

}  // namespace

// The restart happens before this program's static initializers (constructors of priority
// 101 run first), so the first image never pays for them. (The SQL grammar's tables, ~10M
// instructions, are no static initializer any more: Main builds them on a thread.)
__attribute__((constructor(101))) static void RestartBeforeStaticInit(int, char** argv, char**) {
  pathdb::shell::RestartWithHugePageHeap(argv);
}

int main(int argc, char** argv) {
  // Operators allocate their batch vectors (hundreds of KB) at every Open, and an index
  // nested loop re-opens its inner side per outer row. With glibc's defaults those blocks
  // are mmapped or trimmed back to the kernel and page-faulted in again each time; keeping
  // up to 32 MB blocks in the heap (and not trimming it) makes a re-open a cache-warm reuse.
  // The buffer cache itself is far larger and still gets its own mapping.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  // Past a file-size limit (ulimit -f) a write must fail with EFBIG, which the statement
  // reports as ORA-01114 and rolls back, instead of SIGXFSZ killing the session silently.
  ::signal(SIGXFSZ, SIG_IGN);
  int code = 1;
  try {
    code = Main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "pathdb: " << e.what() << '\n';
  }
#if defined(__SANITIZE_ADDRESS__)
  return code;  // the leak check runs at exit
#else
  // Main has closed the database and the session (RAII); what static destructors would still
  // do is free the SQL grammar's tables, 2.4M instructions -- a seventh of an empty session.
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  ::_exit(code);
#endif
}
