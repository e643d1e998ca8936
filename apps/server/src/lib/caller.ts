import type { Role } from '@vitrine/core';

/** Who is calling, as the auth plugin resolved it. Services take this, never the request. */
export interface Caller {
  userId: number;
  cabinetId: number;
  role: Role;
  login: string;
  via: 'session' | 'apiToken';
}

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}
