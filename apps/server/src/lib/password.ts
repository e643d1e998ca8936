import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax. */
const ARGON2ID = 2;

export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

/** OWASP's argon2id baseline (19 MiB, 2 passes). Tests lower it through config, never the algorithm. */
export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryCost: 19456, timeCost: 2 };

export class PasswordHasher {
  constructor(private readonly cost: PasswordCost = DEFAULT_PASSWORD_COST) {}

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, ...this.cost, parallelism: 1 });
  }

  async verify(hashed: string, password: string): Promise<boolean> {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  }
}
