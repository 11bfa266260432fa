// Tests read the console's English words: the English catalog is in use unless a test switches language.
import { setLocale } from '@/i18n/loader';

await setLocale('en');
