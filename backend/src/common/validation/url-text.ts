import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../filters/http-error.filter';

/**
 * A NUL in the URL (%00) becomes one in a path parameter or a query value, which PostgreSQL
 * refuses with a driver error; it never belongs in an address, so it is refused first.
 */
export function refuseNulInUrl(request: Request, response: Response, next: NextFunction): void {
  if (/%00/i.test(request.url)) {
    response.status(400).json(errorBody(400, 'La dirección de la solicitud contiene un carácter nulo (%00).'));
    return;
  }
  next();
}
