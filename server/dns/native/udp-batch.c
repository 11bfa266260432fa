// Batched UDP for the embedded DNS server (Linux): one recvmmsg takes up to BATCH queries, one call into
// JavaScript answers them all, one sendmmsg sends the answers. Node's dgram costs a system call, a buffer
// allocation and a trip into JavaScript per packet; batching is what lets one thread keep up with Knot.
// Readiness comes from libuv's poll on the calling thread's loop. Built by scripts/build-native.mjs; the
// server falls back to dgram when it is not built.
#define _GNU_SOURCE
#define NAPI_VERSION 8
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <node_api.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <uv.h>

#define BATCH 64
#define SLOT 4096
/* Per message in the address buffer: family (4 or 6), port (2 octets), address (16 octets). */
#define ADDR 20
/* Queries taken per recvmmsg: small enough that answers leave while the client is still sending. */
#define RECEIVE_AT_ONCE 16
/* recvmmsg rounds per readiness event before yielding to the rest of the loop. */
#define ROUNDS 64

typedef struct {
  napi_env env;
  int fd;
  uv_poll_t poll;
  napi_ref callback;
  napi_ref buffers;
  napi_async_context context;
  uint8_t *in;
  uint8_t *out;
  int32_t *lengths; /* [0, BATCH): query lengths (-1: truncated); [BATCH, 2 BATCH): answer lengths (0: none) */
  uint8_t *addresses;
  struct mmsghdr rmsgs[BATCH];
  struct mmsghdr smsgs[BATCH];
  struct iovec riov[BATCH];
  struct iovec siov[BATCH];
  struct sockaddr_storage peers[BATCH];
  int closed;
} Listener;

static napi_value fail(napi_env env, const char *message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

static void describe_peer(Listener *self, int i) {
  uint8_t *slot = self->addresses + i * ADDR;
  memset(slot, 0, ADDR);
  if (self->peers[i].ss_family == AF_INET) {
    struct sockaddr_in *peer = (struct sockaddr_in *)&self->peers[i];
    slot[0] = 4;
    memcpy(slot + 1, &peer->sin_port, 2);
    memcpy(slot + 3, &peer->sin_addr, 4);
  } else if (self->peers[i].ss_family == AF_INET6) {
    struct sockaddr_in6 *peer = (struct sockaddr_in6 *)&self->peers[i];
    slot[0] = 6;
    memcpy(slot + 1, &peer->sin6_port, 2);
    memcpy(slot + 3, &peer->sin6_addr, 16);
  }
}

static void on_readable(uv_poll_t *handle, int status, int events) {
  Listener *self = (Listener *)handle->data;
  if (status < 0 || self->closed) return;
  napi_env env = self->env;
  for (int round = 0; round < ROUNDS && !self->closed; round++) {
    for (int i = 0; i < BATCH; i++) {
      self->riov[i].iov_base = self->in + i * SLOT;
      self->riov[i].iov_len = SLOT;
      memset(&self->rmsgs[i].msg_hdr, 0, sizeof(struct msghdr));
      self->rmsgs[i].msg_hdr.msg_name = &self->peers[i];
      self->rmsgs[i].msg_hdr.msg_namelen = sizeof(struct sockaddr_storage);
      self->rmsgs[i].msg_hdr.msg_iov = &self->riov[i];
      self->rmsgs[i].msg_hdr.msg_iovlen = 1;
    }
    int count = recvmmsg(self->fd, self->rmsgs, RECEIVE_AT_ONCE, MSG_DONTWAIT, NULL);
    if (count <= 0) return;
    for (int i = 0; i < count; i++) {
      self->lengths[i] = (self->rmsgs[i].msg_hdr.msg_flags & MSG_TRUNC) ? -1 : (int32_t)self->rmsgs[i].msg_len;
      self->lengths[BATCH + i] = 0;
      describe_peer(self, i);
    }

    napi_handle_scope scope;
    napi_open_handle_scope(env, &scope);
    napi_value callback, receiver, argument, result;
    napi_get_reference_value(env, self->callback, &callback);
    napi_get_global(env, &receiver);
    napi_create_int32(env, count, &argument);
    napi_status called = napi_make_callback(env, self->context, receiver, callback, 1, &argument, &result);
    if (called == napi_pending_exception) {
      napi_value exception;
      napi_get_and_clear_last_exception(env, &exception);
      napi_fatal_exception(env, exception);
    }
    napi_close_handle_scope(env, scope);
    if (self->closed) return;

    int answers = 0;
    for (int i = 0; i < count; i++) {
      int32_t length = self->lengths[BATCH + i];
      if (length <= 0 || length > SLOT) continue;
      self->siov[answers].iov_base = self->out + i * SLOT;
      self->siov[answers].iov_len = (size_t)length;
      memset(&self->smsgs[answers].msg_hdr, 0, sizeof(struct msghdr));
      self->smsgs[answers].msg_hdr.msg_name = &self->peers[i];
      self->smsgs[answers].msg_hdr.msg_namelen = self->rmsgs[i].msg_hdr.msg_namelen;
      self->smsgs[answers].msg_hdr.msg_iov = &self->siov[answers];
      self->smsgs[answers].msg_hdr.msg_iovlen = 1;
      answers++;
    }
    for (int sent = 0; sent < answers;) {
      int done = sendmmsg(self->fd, self->smsgs + sent, answers - sent, 0);
      if (done < 0) {
        if (errno == EINTR) continue;
        /* One unreachable client must not cost the others their answers: skip its message. */
        sent++;
        continue;
      }
      sent += done;
    }
    /* A short batch means the queue is drained for now: back to the loop (its other handles wait). */
    if (count < RECEIVE_AT_ONCE && round > 0) return;
  }
}

static void on_closed(uv_handle_t *handle) {
  Listener *self = (Listener *)handle->data;
  close(self->fd);
  free(self);
}

static void finalize(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  (void)data;
}

/* listen(fd, in, out, lengths, addresses, callback) → handle; the buffers are BATCH slots each. */
static napi_value start(napi_env env, napi_callback_info info) {
  size_t argc = 6;
  napi_value argv[6];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 6) return fail(env, "listen(fd, in, out, lengths, addresses, callback)");
  int32_t fd;
  if (napi_get_value_int32(env, argv[0], &fd) != napi_ok) return fail(env, "fd must be a number");
  Listener *self = calloc(1, sizeof(Listener));
  if (!self) return fail(env, "out of memory");
  self->env = env;
  self->fd = fd;
  size_t size;
  void *data;
  if (napi_get_buffer_info(env, argv[1], &data, &size) != napi_ok || size < BATCH * SLOT) goto bad;
  self->in = data;
  if (napi_get_buffer_info(env, argv[2], &data, &size) != napi_ok || size < BATCH * SLOT) goto bad;
  self->out = data;
  if (napi_get_buffer_info(env, argv[3], &data, &size) != napi_ok || size < BATCH * 2 * 4) goto bad;
  self->lengths = data;
  if (napi_get_buffer_info(env, argv[4], &data, &size) != napi_ok || size < BATCH * ADDR) goto bad;
  self->addresses = data;
  napi_create_reference(env, argv[5], 1, &self->callback);
  /* Keep the buffers alive as long as the listener: an array holding them. */
  napi_value holder;
  napi_create_array_with_length(env, 4, &holder);
  for (uint32_t i = 0; i < 4; i++) napi_set_element(env, holder, i, argv[1 + i]);
  napi_create_reference(env, holder, 1, &self->buffers);
  napi_value name;
  napi_create_string_utf8(env, "dns-udp-batch", NAPI_AUTO_LENGTH, &name);
  napi_async_init(env, NULL, name, &self->context);

  uv_loop_t *loop;
  napi_get_uv_event_loop(env, &loop);
  int problem = uv_poll_init(loop, &self->poll, fd);
  if (problem == 0) {
    self->poll.data = self;
    problem = uv_poll_start(&self->poll, UV_READABLE, on_readable);
  }
  if (problem != 0) {
    free(self);
    return fail(env, uv_strerror(problem));
  }

  napi_value handle;
  napi_create_external(env, self, finalize, NULL, &handle);
  return handle;
bad:
  free(self);
  return fail(env, "listen: bad arguments");
}

static napi_value stop(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  Listener *self;
  if (argc < 1 || napi_get_value_external(env, argv[0], (void **)&self) != napi_ok) return fail(env, "stop(handle)");
  if (self->closed) return NULL;
  self->closed = 1;
  uv_poll_stop(&self->poll);
  napi_delete_reference(env, self->callback);
  napi_delete_reference(env, self->buffers);
  napi_async_destroy(env, self->context);
  uv_close((uv_handle_t *)&self->poll, on_closed);
  return NULL;
}

/* socket(host, port, ipv6) → { fd, port }: a non-blocking UDP socket, bound; port 0 picks one. */
static napi_value open_socket(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  char host[64];
  size_t length;
  int32_t port;
  bool ipv6;
  if (argc < 3 || napi_get_value_string_utf8(env, argv[0], host, sizeof host, &length) != napi_ok ||
      napi_get_value_int32(env, argv[1], &port) != napi_ok || napi_get_value_bool(env, argv[2], &ipv6) != napi_ok)
    return fail(env, "socket(host, port, ipv6)");
  int fd = socket(ipv6 ? AF_INET6 : AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return fail(env, strerror(errno));
  int size = 4 * 1024 * 1024;
  setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
  int bound;
  if (ipv6) {
    struct sockaddr_in6 address = {.sin6_family = AF_INET6, .sin6_port = htons((uint16_t)port)};
    if (inet_pton(AF_INET6, host, &address.sin6_addr) != 1) {
      close(fd);
      return fail(env, "not an IPv6 address");
    }
    bound = bind(fd, (struct sockaddr *)&address, sizeof address);
  } else {
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    if (inet_pton(AF_INET, host, &address.sin_addr) != 1) {
      close(fd);
      return fail(env, "not an IPv4 address");
    }
    bound = bind(fd, (struct sockaddr *)&address, sizeof address);
  }
  if (bound != 0) {
    char message[128];
    snprintf(message, sizeof message, "%s (bind %s:%d)", errno == EADDRINUSE ? "EADDRINUSE" : strerror(errno), host, port);
    close(fd);
    return fail(env, message);
  }
  struct sockaddr_storage local;
  socklen_t local_length = sizeof local;
  getsockname(fd, (struct sockaddr *)&local, &local_length);
  int chosen = ntohs(local.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&local)->sin6_port
                                                  : ((struct sockaddr_in *)&local)->sin_port);
  napi_value result, fd_value, port_value;
  napi_create_object(env, &result);
  napi_create_int32(env, fd, &fd_value);
  napi_create_int32(env, chosen, &port_value);
  napi_set_named_property(env, result, "fd", fd_value);
  napi_set_named_property(env, result, "port", port_value);
  return result;
}

static napi_value close_socket(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  int32_t fd;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 1 || napi_get_value_int32(env, argv[0], &fd) != napi_ok) return fail(env, "closeSocket(fd)");
  close(fd);
  return NULL;
}

NAPI_MODULE_INIT() {
  napi_property_descriptor properties[] = {
      {"socket", NULL, open_socket, NULL, NULL, NULL, napi_default, NULL},
      {"closeSocket", NULL, close_socket, NULL, NULL, NULL, napi_default, NULL},
      {"listen", NULL, start, NULL, NULL, NULL, napi_default, NULL},
      {"stop", NULL, stop, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_value constants;
  napi_create_object(env, &constants);
  napi_value batch, slot, addr;
  napi_create_int32(env, BATCH, &batch);
  napi_create_int32(env, SLOT, &slot);
  napi_create_int32(env, ADDR, &addr);
  napi_set_named_property(env, exports, "BATCH", batch);
  napi_set_named_property(env, exports, "SLOT", slot);
  napi_set_named_property(env, exports, "ADDRESS_OCTETS", addr);
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  return exports;
}
