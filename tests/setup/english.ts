// Tests read the console's English words: the English catalogs (the first pages' and the signed-in
// console's) are in use unless a test switches language.
import { loadConsoleMessages, setLocale } from '@/i18n/loader';

await setLocale('en');
await loadConsoleMessages();
