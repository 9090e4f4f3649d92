/* Runs a command whose fsync and fdatasync calls fail with EIO once FAIL_FSYNC_AFTER of them have
   succeeded, at the system call, so it works for static executables too (LD_PRELOAD does not).
   A seccomp filter sends those two calls to this process, which answers each: go on, or EIO. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: fail_fsync COMMAND...\n"); return 2; }
  const char *after = getenv("FAIL_FSYNC_AFTER");
  long allowed = after ? atol(after) : 0;
  struct sock_filter code[] = {
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_fsync, 2, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_fdatasync, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
  };
  struct sock_fprog program = { .len = sizeof code / sizeof code[0], .filter = code };
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) { perror("fail_fsync: no_new_privs"); return 3; }
  int listener = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &program);
  if (listener < 0) { perror("fail_fsync: seccomp"); return 3; }
  pid_t child = fork();
  if (child < 0) { perror("fail_fsync: fork"); return 3; }
  if (child == 0) {
    close(listener);
    execvp(argv[1], argv + 1);
    perror("fail_fsync: exec");
    _exit(127);
  }
  struct seccomp_notif_sizes sizes;
  syscall(__NR_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes);
  struct seccomp_notif *request = calloc(1, sizes.seccomp_notif);
  struct seccomp_notif_resp *response = calloc(1, sizes.seccomp_notif_resp);
  long seen = 0;
  int status = 0;
  int reaped = 0;
  for (;;) {
    /* This process is under the filter too, so the listener never hangs up: watch the child instead. */
    if (waitpid(child, &status, WNOHANG) == child) { reaped = 1; break; }
    struct pollfd p = { .fd = listener, .events = POLLIN };
    int ready = poll(&p, 1, 20);
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    memset(request, 0, sizes.seccomp_notif);
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, request) != 0) { if (errno == EINTR || errno == ENOENT) continue; break; }
    memset(response, 0, sizes.seccomp_notif_resp);
    response->id = request->id;
    if (seen++ < allowed) {
      response->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    } else {
      response->error = -EIO;
    }
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, response) != 0 && response->flags) {
      /* Kernels before 5.5 cannot let the call go on: report success instead, so nothing hangs. */
      response->flags = 0;
      response->error = 0;
      response->val = 0;
      ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, response);
    }
  }
  if (!reaped) {
    /* The listener failed: closing it makes the filtered calls fail with ENOSYS; wait for the end. */
    close(listener);
    waitpid(child, &status, 0);
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}
