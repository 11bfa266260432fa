// The development mailbox as HTML: server-rendered, no script and no inline style (the strict CSP
// applies here too), every value escaped.

import { escapeHtml } from '../http/html';
import type { MailboxMessage } from './mailbox.routes';

/** The escaped text with each six-digit code marked, so it stands out in a long message. */
const withCodesMarked = (text: string) =>
  escapeHtml(text).replace(/\b\d{6}\b/g, (code) => `<mark>${code}</mark>`);

function renderMessage(message: MailboxMessage): string {
  const headingId = `message-${message.id}`;
  const heading = message.subject ?? 'Text message';
  const sent = new Date(message.createdAt);
  return `<li><article aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(heading)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>By</dt><dd>${message.channel === 'email' ? 'E-mail' : 'SMS'}</dd>
<dt>Sent</dt><dd><time datetime="${message.createdAt}">${escapeHtml(sent.toUTCString())}</time></dd>
${message.code ? `<dt>Code</dt><dd class="code">${message.code}</dd>` : ''}
</dl>
<pre>${withCodesMarked(message.text)}</pre>
</article></li>`;
}

export function renderMailboxPage(messages: readonly MailboxMessage[], basePath: string): string {
  const list =
    messages.length === 0
      ? '<p class="empty">No messages yet. Sign up or ask for a code, then refresh this page.</p>'
      : `<ol class="messages" aria-label="Messages, newest first">\n${messages.map(renderMessage).join('\n')}\n</ol>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · Ikirere</title>
<link rel="stylesheet" href="${basePath}/mailbox.css">
</head>
<body>
<main>
<header>
<h1>Development mailbox</h1>
<p>E-mails and text messages the server “sent” on its embedded outbox, newest first. None of them left this machine.</p>
<p><a href="${basePath}">Refresh</a> · <a href="${basePath}/messages">The same as JSON</a></p>
</header>
${list}
</main>
</body>
</html>
`;
}
