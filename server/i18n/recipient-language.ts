// The language an e-mail or a text is written in: its recipient's account's, when the address (an e-mail
// address or a phone number) belongs to one; otherwise the language at hand (the request's).
import { eq, or } from 'drizzle-orm';
import type { Database, Transaction } from '../db';
import { users } from '../db/schema';
import { currentLanguage, type Language, languageOf } from './languages';

export async function languageOfAddress(db: Database | Transaction, address: string): Promise<Language> {
  const [owner] = await db
    .select({ locale: users.locale, timeZone: users.timeZone })
    .from(users)
    .where(or(eq(users.email, address), eq(users.phoneNumber, address)))
    .limit(1);
  return owner ? languageOf(owner) : currentLanguage();
}
