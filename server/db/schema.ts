// Tables of the reference server. Each later issue adds its tables here and runs `npm run db:generate`.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Per-installation values the server generates once and keeps, such as the secret that signs tickets. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
