import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// Team members sign in to the inbox with their email and a password. A user gets a password hash (scrypt,
// self-describing), the time it last changed and, when switched off, the time of that; sessions and
// invitations keep only the SHA-256 of their secret.
//
// Sign-in names a person by email alone, so at most one user who can sign in (has a password) may hold
// an email: a partial unique index says so. Emails are stored in lower case, which makes the index
// case-insensitive. Databases from before this rule may hold one email in several accounts; those rows
// stay, and only one of them can be given a password.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.alterTable('users').addColumn('password_hash', t.text).execute();
  await db.schema.alterTable('users').addColumn('password_changed_at', t.timestamp).execute();
  await db.schema.alterTable('users').addColumn('disabled_at', t.timestamp).execute();
  await db.schema.createIndex('users_email_idx').on('users').column('email').execute();
  await db.schema
    .createIndex('users_signin_email_unique')
    .on('users')
    .column('email')
    .unique()
    .where(sql.ref('password_hash'), 'is not', null)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', t.text, (c) => c.primaryKey())
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', t.id, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('token_hash', t.text, (c) => c.primaryKey())
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('invitations_user_idx').on('invitations').column('user_id').execute();
  await db.schema.createIndex('invitations_expires_idx').on('invitations').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropIndex('users_signin_email_unique').execute();
  await db.schema.dropIndex('users_email_idx').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('users').dropColumn('password_changed_at').execute();
  await db.schema.alterTable('users').dropColumn('password_hash').execute();
}
