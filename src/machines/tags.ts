// The tags machines put on their states, so that a page asks what a state means ("is a request on its
// way?") rather than which state it is. Typed through each machine's `types.tags`: hasTag('bsy') fails tsc.
//   busy        a request (or the browser's own dialog) is on its way; the page shows progress and
//               holds off a second submit
//   editing     the person's input is open: a form they may change and send
//   confirming  the person is asked to confirm an action; stays while the confirmed request runs, so
//               the confirmation (and its progress) stays on screen
export type StateTag = 'busy' | 'editing' | 'confirming';
