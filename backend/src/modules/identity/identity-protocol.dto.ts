import { ApiProperty } from '@nestjs/swagger';

/** An error of the embedded identity service, in Amazon Cognito's wire format (also in the x-amzn-errortype header). */
export class CognitoErrorBodyDto {
  @ApiProperty({ example: 'NotAuthorizedException' }) __type: string;
  @ApiProperty({ example: 'Incorrect username or password.' }) message: string;
}

/** One public key of the embedded identity service, as SigningKeyService stores it. */
export class JwkDto {
  @ApiProperty({ enum: ['RSA'] }) kty: string;
  @ApiProperty({ description: 'Módulo (base64url)' }) n: string;
  @ApiProperty({ description: 'Exponente (base64url)' }) e: string;
  @ApiProperty() kid: string;
  @ApiProperty({ enum: ['RS256'] }) alg: string;
  @ApiProperty({ enum: ['sig'] }) use: string;
}

export class JwksDto {
  @ApiProperty({ type: [JwkDto] }) keys: JwkDto[];
}
