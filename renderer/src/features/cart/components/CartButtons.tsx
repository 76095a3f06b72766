import { Link } from 'react-router-dom';
import { AppButton, useToast } from '../../../shared/ui';
import { useCart } from '../hooks/useCart';
import { cartStrings as strings } from '../strings';

/**
 * Adds the agent once; a second click is refused with a toast (spec section 5: no duplicates). A
 * free agent has nothing to buy: no button (issue 31, item 11).
 */
export function AddToCartButton({ agent, size = 'xs' }: { agent: { id: string; name: string; price: number }; size?: 'xs' | 'sm' | 'md' }) {
  const cart = useCart();
  const toast = useToast();
  const inCart = cart.has(agent.id);
  if (!(agent.price > 0)) return null;
  return (
    <AppButton
      size={size}
      variant="outline"
      aria-label={inCart ? strings.inCartLabel(agent.name) : strings.addLabel(agent.name)}
      onClick={() => {
        if (cart.add(agent.id)) toast.success(strings.added);
        else toast.info(strings.duplicate);
      }}
    >
      {inCart ? (
        <>
          <span aria-hidden>✓ </span>
          {strings.inCart}
        </>
      ) : (
        strings.add
      )}
    </AppButton>
  );
}

/** The link to /marketplace/shopping-cart with the number of agents in it. */
export function CartLink() {
  const { count } = useCart();
  return (
    <AppButton component={Link} to="/marketplace/shopping-cart" aria-label={strings.linkLabel(count)} variant="outline" size="sm">
      {strings.link(count)}
    </AppButton>
  );
}
