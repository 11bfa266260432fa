// For the few pages the server writes itself (API docs, the sandbox checkout, the development mailbox):
// every value put into HTML goes through escapeHtml.
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
