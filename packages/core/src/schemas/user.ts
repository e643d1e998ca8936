import { AlertKindSchema, Messenger } from '../security/messenger.js';
import { botCheckField } from '../security/botcheck.js';
import { z } from 'zod';
import { MEMBER_ROLES, ROLES, PERMISSION_KEYS } from '../roles.js';
import { LOCALES, TARIFFS } from '../constants.js';
import { MESSAGES } from '../validation.js';
import { DashboardBilling } from './billing.js';
import {
  PageQuery,
  emailSchema,
  idSchema,
  loginSchema,
  nameSchema,
  passwordSchema,
  secretSchema,
  text,
} from './common.js';

export const RoleSchema = z.enum(ROLES);
export const MemberRoleSchema = z.enum(MEMBER_ROLES);

export const User = z.object({
  id: z.number().int(),
  cabinetId: z.number().int(),
  login: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  role: RoleSchema,
  isTwoFaEnabled: z.boolean(),
  isClarityEnabled: z.boolean(),
  blocked: z.boolean(),
  verified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

// ---- session ----
export const AuthBody = z.strictObject({
  login: text(254, { min: 1 }),
  password: text(200, { min: 1, trim: false }),
  /** When two-factor is on: a 6-digit code from the app, or one of the recovery codes. */
  code: text(20).optional(),
  /** The bot check, once failed sign-ins ask for it (BOT_CHECK_REQUIRED). */
  botCheck: botCheckField,
});
/** An e-mailed link that unlocks sign-in in a browser after too many failures: the login or e-mail address. */
export const UnlockBody = z.strictObject({ login: text(254, { min: 1 }) });
export type UnlockBody = z.infer<typeof UnlockBody>;
export const TokenPair = z.object({ token: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;
export const RefreshBody = z.strictObject({ refreshToken: secretSchema(1, 200) });
export const LogoutBody = z.strictObject({ refreshToken: secretSchema(1, 200).optional() }).nullish();

export const UserInfo = z.object({
  user: User,
  isClarityEnabled: z.boolean(),
  scope: z.array(z.enum(PERMISSION_KEYS as [string, ...string[]])),
  /** The cabinet requires two-factor and this person has not turned it on: only the security page works. */
  twoFaSetupRequired: z.boolean().optional(),
  /** The platform admin blocked the cabinet in use: its pages say so once and point to its funds. */
  cabinetBlocked: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;

// ---- registration, verification, recovery ----
export const RegisterBody = z.strictObject({
  login: loginSchema,
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  /** The bot check, when the server asks for one (GET /api/user/bot-check). */
  botCheck: botCheckField,
});
export type RegisterBody = z.infer<typeof RegisterBody>;
export const TokenBody = z.strictObject({ token: secretSchema(16, 200) });
export const EmailBody = z.strictObject({ email: emailSchema });
/** Password recovery: the address and, when the server asks for one, the bot check. */
export const RecoverPassBody = EmailBody.extend({ botCheck: botCheckField });
export const RecoverPassSubmitBody = z
  .strictObject({
    token: secretSchema(16, 200),
    password: passwordSchema,
    repeatPassword: text(200, { trim: false }).optional(),
  })
  .refine((b) => b.repeatPassword === undefined || b.repeatPassword === b.password, {
    error: MESSAGES.notEqual,
    path: ['repeatPassword'],
  });

// ---- account ----
export const PatchAccountBody = z.strictObject({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  isClarityEnabled: z.boolean().optional(),
  /** The language alerts are written in: the one the person picks in the cabinet. */
  locale: z.enum(LOCALES).optional(),
});
export type PatchAccountBody = z.infer<typeof PatchAccountBody>;
export const PatchPasswordBody = z
  .strictObject({
    password: text(200, { min: 1, trim: false }),
    newPassword: passwordSchema,
    repeatPassword: text(200, { min: 1, trim: false }),
  })
  .refine((b) => b.repeatPassword === b.newPassword, { error: MESSAGES.notEqual, path: ['repeatPassword'] })
  .refine((b) => b.newPassword !== b.password, { error: MESSAGES.shouldNotBeEqual, path: ['newPassword'] });
export type PatchPasswordBody = z.infer<typeof PatchPasswordBody>;

export const ApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;
export const PostTokenBody = z.strictObject({ name: nameSchema });
/** The token's secret is returned once, at creation. */
export const CreatedApiToken = ApiToken.extend({ token: z.string() });

export const Account = User.extend({
  cabinet: z.object({ id: z.number().int(), name: z.string(), tariff: z.string(), blocked: z.boolean() }),
  tokens: z.array(ApiToken),
  /** The cabinet's billing summary for roles that see its funds (spec §6 Funds); null otherwise or while billing is off. */
  billing: DashboardBilling.nullable(),
  /** The cabinet's members, for its owner (spec §6 account.members); null for every other role. */
  members: z.array(User).nullable(),
  /** Unused two-factor recovery codes left (0 when two-factor is off). */
  recoveryCodesLeft: z.number().int(),
  /** The linked Telegram chat (spec §3 messenger); null when none. */
  messenger: Messenger.nullable(),
  /** The alert kinds this person receives. */
  alerts: z.array(AlertKindSchema),
  /** The language alerts are written in (null: English, until the person picks one in the cabinet). */
  locale: z.enum(LOCALES).nullable(),
});
export type Account = z.infer<typeof Account>;

// ---- user administration (admin) ----
export const UserListQuery = PageQuery.extend({
  role: RoleSchema.optional(),
  cabinetId: idSchema.optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;
export const UserList = z.object({ users: z.array(User), total: z.number().int() });
export const UserPostBody = z.strictObject({
  login: loginSchema,
  name: nameSchema,
  email: emailSchema.optional(),
  password: passwordSchema,
  role: RoleSchema,
  cabinetId: idSchema.optional(),
  /** An owner's new cabinet starts on this tariff (else the installation's default). */
  tariff: z.enum(TARIFFS).optional(),
});
export type UserPostBody = z.infer<typeof UserPostBody>;
export const UserPatchBody = z.strictObject({
  name: nameSchema.optional(),
  email: emailSchema.nullable().optional(),
  role: RoleSchema.optional(),
  blocked: z.boolean().optional(),
  password: passwordSchema.optional(),
});
export type UserPatchBody = z.infer<typeof UserPatchBody>;

// ---- members (owner) ----
export const AddMemberBody = z.strictObject({
  login: loginSchema,
  name: nameSchema,
  email: emailSchema.optional(),
  password: passwordSchema,
  role: MemberRoleSchema,
});
export type AddMemberBody = z.infer<typeof AddMemberBody>;
