// The console's files share one worker: a server module one of them imports (server/i18n/languages.ts, by
// way of a shared helper) would have every file after it answered in the server's language context, not
// the console's. Each file starts with the console's own language again (the server's files keep theirs).
import { setLanguageContextResolver } from '@/i18n/state';

setLanguageContextResolver(() => undefined);
