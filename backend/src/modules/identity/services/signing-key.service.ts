import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { Repository } from 'typeorm';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { SigningKey } from '../entities/signing-key.entity';

interface LoadedKey {
  kid: string;
  jwk: JWK;
  publicKey: KeyObject;
  privateKey: KeyObject;
}

/**
 * The install's RS256 keys, kept in the database so every instance signs and verifies alike.
 * The first start generates one; when several instances race to do so, all keep every key in the
 * JWKS and sign with the oldest, so they agree without a lock.
 */
@Injectable()
export class SigningKeyService implements OnApplicationBootstrap {
  private keys: Promise<LoadedKey[]> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(SigningKey) private readonly repository: Repository<SigningKey>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.identity.provider === 'embedded') await this.loaded();
  }

  async signingKey(): Promise<LoadedKey> {
    return (await this.loaded())[0];
  }

  /** The public key for a token's `kid`; a key another instance just made is picked up. */
  async publicKey(kid: string | undefined): Promise<KeyObject | undefined> {
    let key = (await this.loaded()).find((candidate) => candidate.kid === kid);
    if (!key && kid) {
      this.keys = undefined;
      key = (await this.loaded()).find((candidate) => candidate.kid === kid);
    }
    return key?.publicKey;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: (await this.loaded()).map((key) => key.jwk) };
  }

  /** A server-only secret for values that must look stable yet reveal nothing (decoy salts). */
  async derivedSecret(label: string): Promise<Buffer> {
    const { privateKey } = await this.signingKey();
    return createHmac('sha256', privateKey.export({ format: 'der', type: 'pkcs8' })).update(label).digest();
  }

  private loaded(): Promise<LoadedKey[]> {
    this.keys ??= this.load().catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  private async load(): Promise<LoadedKey[]> {
    let rows = await this.rows();
    if (rows.length === 0) {
      await this.repository.insert(await newKey());
      rows = await this.rows();
    }
    return rows.map((row) => ({
      kid: row.kid,
      jwk: JSON.parse(row.publicJwk) as JWK,
      publicKey: createPublicKey({ key: JSON.parse(row.publicJwk) as JsonWebKey, format: 'jwk' }),
      privateKey: createPrivateKey(row.privateKeyPem),
    }));
  }

  private rows(): Promise<SigningKey[]> {
    return this.repository.find({ order: { createdAt: 'ASC', kid: 'ASC' } });
  }
}

async function newKey(): Promise<Omit<SigningKey, 'createdAt'>> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { n, e } = publicKey.export({ format: 'jwk' });
  const kty = 'RSA';
  const kid = await calculateJwkThumbprint({ kty, n, e });
  return {
    kid,
    algorithm: 'RS256',
    publicJwk: JSON.stringify({ kty, n, e, kid, alg: 'RS256', use: 'sig' }),
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}
