import type { ColumnType, Generated } from 'kysely';
import type { ProfileData } from '../domain/user';

export type { ProfileData };

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  email: string;
  email_verified: Generated<boolean>;
  password_hash: string;
  role: 'buyer' | 'supplier' | 'operator';
  scopes: Generated<string[]>;
  banned: Generated<boolean>;
  deleted_at: Date | null;
  profile: ColumnType<ProfileData, string, string>;
  brand_key: string | null;
  business_key: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
  /** Raised whenever every session of the account is revoked; access tokens carry it (ADR 023). */
  session_version: Generated<number>;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  rotated_at: Date | null;
  revoked_at: Date | null;
  created_at: Generated<Date>;
}

export interface EmailTokensTable {
  id: string;
  user_id: string;
  kind: 'verify-email' | 'password-reset';
  token_hash: string;
  email: string;
  expires_at: Timestamp;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** Every active supplier's brand and business names (as `nameKey`s) in one unique column, so neither may repeat the other's. */
export interface SupplierNamesTable {
  name_key: string;
  user_id: string;
}

export interface IdentityDB {
  users: UsersTable;
  supplier_names: SupplierNamesTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
}

export const IDENTITY_MIGRATIONS = [
  {
    id: '001_accounts',
    sql: `
      create table users (
        id uuid primary key,
        email text not null,
        email_verified boolean not null default false,
        password_hash text not null,
        role text not null check (role in ('buyer', 'supplier', 'operator')),
        scopes text[] not null default '{}',
        banned boolean not null default false,
        deleted_at timestamptz,
        profile jsonb not null default '{}'::jsonb,
        brand_key text,
        business_key text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        version integer not null default 1
      );
      create unique index users_email_active on users (email) where deleted_at is null;
      create unique index users_brand_key on users (brand_key) where deleted_at is null;
      create unique index users_business_key on users (business_key) where deleted_at is null;

      create table refresh_tokens (
        id uuid primary key,
        family_id uuid not null,
        user_id uuid not null references users (id),
        token_hash text not null unique,
        expires_at timestamptz not null,
        rotated_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index refresh_tokens_family on refresh_tokens (family_id);
      create index refresh_tokens_user on refresh_tokens (user_id);

      create table email_tokens (
        id uuid primary key,
        user_id uuid not null references users (id),
        kind text not null check (kind in ('verify-email', 'password-reset')),
        token_hash text not null unique,
        email text not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index email_tokens_user_kind on email_tokens (user_id, kind, created_at);
    `,
  },
  {
    // users_brand_key and users_business_key only compare a column with itself; brand and business
    // names share one namespace (ADR 014). Existing clashes keep the older account's claim: both
    // columns are read as one set of claims, and each name goes to its oldest claimant (distinct on,
    // so the outcome does not rest on insertion order).
    id: '002_supplier_names',
    sql: `
      create table supplier_names (
        name_key text primary key,
        user_id uuid not null references users (id)
      );
      create index supplier_names_user on supplier_names (user_id);
      insert into supplier_names (name_key, user_id)
        select distinct on (name_key) name_key, id from (
          select brand_key as name_key, id, created_at from users where deleted_at is null and brand_key is not null
          union all
          select business_key as name_key, id, created_at from users where deleted_at is null and business_key is not null
        ) claims
        order by name_key, created_at, id
        on conflict do nothing;
    `,
  },
  {
    // ADR 023: every service refuses tokens older than the account's session version.
    id: '003_session_version',
    sql: `alter table users add column session_version integer not null default 0 check (session_version >= 0);`,
  },
  {
    // ADR 042: a buyer's liquor licence lives in the profile; accounts made before it get the empty pair.
    id: '004_liquor_licence',
    sql: `update users set profile = '{"liquorLicenceNumber": "", "liquorLicenceState": ""}'::jsonb || profile;`,
  },
];
