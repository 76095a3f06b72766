import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { marketplaceStrings as strings } from '../strings';

// The grid shows 24 cards a page and every first visit waits for them: plain elements styled by
// marketplace.css (with Mantine's theme variables) cost a fraction of Mantine's layout components.

/** A card of the grid: a list item named after the agent or ecosystem. */
export function CardFrame({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div role="listitem" aria-label={name} className="marketplace-card">
      {children}
    </div>
  );
}

/** The avatar beside the name, which links to the detail page, and what goes under the name (badges). */
export function CardHeading({ avatar, href, name, children }: { avatar: ReactNode; href: string; name: string; children: ReactNode }) {
  return (
    <div className="marketplace-card-heading">
      {avatar}
      <div className="marketplace-card-name">
        <Link to={href} className="marketplace-card-title">
          {name}
        </Link>
        {children}
      </div>
    </div>
  );
}

/** The end of an agent or ecosystem card: the link to its page and the caller's actions. */
export function CardFooter({ href, name, actions }: { href: string; name: string; actions?: ReactNode }) {
  return (
    <>
      <Link to={href} className="marketplace-card-details" aria-label={`${strings.viewDetails}: ${name}`}>
        {strings.viewDetails}
      </Link>
      {actions && <div className="marketplace-card-actions">{actions}</div>}
    </>
  );
}
