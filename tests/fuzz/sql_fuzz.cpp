// sql_fuzz: grammar-aware SQL fuzzing of the whole engine in-process (parser, binder,
// planner, executor, storage through one Session). A supervising parent forks the fuzz loop
// so that a crash (signal) or a hang (a statement ignoring Session::Cancel) is reported with
// the statement that caused it. Exit status 0 only when no statement produced ORA-00600, a
// non-ORA exception, a signal or a hang.
//
// usage: sql_fuzz --source DIR [--slt DIR] [--seed N[,N...]] [--seconds S] [--slt-files N]
//                 [--cancel-after-ms N] [--hang-after-ms N] [--replay-only] [--log FILE]
//                 [--replay FILE] [--verbose]
// Several seeds run one after another, each in a fresh database with its own budget.
#include <fmt/format.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "tests/fuzz/runner.h"

namespace {

using pathdb::fuzz::Options;
using pathdb::fuzz::SharedState;

// One SharedState in anonymous shared memory, so the forked child's writes reach the parent.
class SharedPage {
 public:
  SharedPage() {
    void* p = ::mmap(nullptr, sizeof(SharedState), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                     -1, 0);
    if (p == MAP_FAILED) throw std::runtime_error("mmap failed");
    state_ = new (p) SharedState();
  }
  ~SharedPage() {
    state_->~SharedState();
    ::munmap(state_, sizeof(SharedState));
  }
  SharedPage(const SharedPage&) = delete;
  SharedPage& operator=(const SharedPage&) = delete;
  SharedState& state() { return *state_; }

 private:
  SharedState* state_;
};

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string Running(const SharedState& s) {
  return fmt::format("({} dialect) {}", s.sqlite.load() ? "SQLITE" : "ORACLE",
                     std::string(s.text, std::min<size_t>(s.length.load(), 4000)));
}

// Forks the fuzz loop for one seed and watches it; returns its verdict as an exit status.
int Supervise(const Options& o) {
  SharedPage page;
  SharedState& shared = page.state();
  std::fflush(stdout);
  const pid_t child = ::fork();
  if (child < 0) {
    std::perror("fork");
    return 1;
  }
  if (child == 0) {
    int rc = 1;
    try {
      rc = pathdb::fuzz::RunFuzz(o, shared);
    } catch (const std::exception& e) {
      fmt::print("sql_fuzz: setup failed: {}\n", e.what());
    }
    std::fflush(stdout);
    std::_Exit(rc);
  }
  for (;;) {
    int status = 0;
    const pid_t r = ::waitpid(child, &status, WNOHANG);
    if (r == child) {
      if (WIFSIGNALED(status)) {
        fmt::print("CRASH: signal {} ({}) while running statement #{}:\n  {}\n", WTERMSIG(status),
                   ::strsignal(WTERMSIG(status)), shared.seq.load(), Running(shared));
        return 1;
      }
      return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    }
    const int64_t started = shared.started_ms.load();
    if (started != 0 && NowMs() - started > o.hang_after_ms) {
      fmt::print("HANG: statement #{} still running after {} ms (cancelled at {} ms):\n  {}\n",
                 shared.seq.load(), NowMs() - started, o.cancel_after_ms, Running(shared));
      ::kill(child, SIGKILL);
      ::waitpid(child, &status, 0);
      return 1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  std::vector<uint64_t> seeds;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        fmt::print(stderr, "sql_fuzz: {} needs a value\n", a);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--source") {
      o.source_dir = value();
    } else if (a == "--slt") {
      o.slt_dir = value();
    } else if (a == "--seed") {
      std::string v = value();
      for (size_t p = 0; p < v.size();) {
        size_t q = v.find(',', p);
        if (q == std::string::npos) q = v.size();
        seeds.push_back(std::stoull(v.substr(p, q - p)));
        p = q + 1;
      }
    } else if (a == "--seconds") {
      o.seconds = std::stod(value());
    } else if (a == "--slt-files") {
      o.slt_files = std::stoul(value());
    } else if (a == "--cancel-after-ms") {
      o.cancel_after_ms = std::stoll(value());
    } else if (a == "--hang-after-ms") {
      o.hang_after_ms = std::stoll(value());
    } else if (a == "--replay-only") {
      o.replay_only = true;
    } else if (a == "--replay") {
      o.replay = value();
    } else if (a == "--log") {
      o.log = value();
    } else if (a == "--verbose") {
      o.verbose = true;
    } else {
      fmt::print(stderr, "sql_fuzz: unknown option {}\n", a);
      return 2;
    }
  }
  if (o.source_dir.empty()) {
    fmt::print(stderr, "usage: sql_fuzz --source DIR [--slt DIR] [--seed N,...] [--seconds S]\n");
    return 2;
  }
  if (seeds.empty()) seeds.push_back(1);
  int rc = 0;
  for (uint64_t s : seeds) {
    o.seed = s;
    if (Supervise(o) != 0) rc = 1;
  }
  fmt::print("sql_fuzz: {}\n", rc == 0 ? "ok" : "FAILED");
  return rc;
}
