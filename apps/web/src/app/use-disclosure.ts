import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A disclosure (WAI-ARIA APG): a real button, with `aria-expanded` and `aria-controls`, that
 * shows and hides the panel after it. The panel closes on Escape (focus goes back to the
 * button), on a press outside the button and panel, when the keyboard moves focus out of them,
 * and on a navigation. Spread `rootProps` on the element holding both, `buttonProps` on the
 * button and `panelProps` on the panel.
 */
export function useDisclosure(panelId: string) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return {
    open,
    close: () => setOpen(false),
    rootProps: {
      ref: root,
      // Focus leaving for another element (Tab past the last link, Shift+Tab before the
      // button): the panel would otherwise cover where focus went. A press that moves focus
      // nowhere (relatedTarget null) is the pointer handler's to judge.
      onBlur: (event: FocusEvent) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !root.current?.contains(next)) setOpen(false);
      },
    },
    buttonProps: {
      ref: button,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((value) => !value),
    },
    panelProps: { id: panelId, hidden: !open },
  };
}
