import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The install's RS256 key pair, generated on first start; the public half is served as JWKS. */
@Entity('identity_signing_keys')
export class SigningKey {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  kid: string;

  @Column({ type: 'varchar', length: 16 })
  algorithm: string;

  @Column({ name: 'public_jwk', type: 'text' })
  publicJwk: string;

  @Column({ name: 'private_key_pem', type: 'text' })
  privateKeyPem: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
