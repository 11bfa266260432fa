// Shares one slot recipe's class names between the parts of a compound component (Root provides, parts read),
// so a variant chosen on the root styles every part without prop drilling.
import {
  type ComponentProps,
  type ComponentType,
  type Context,
  createContext,
  createElement,
  type ElementType,
  type JSX,
  useContext,
} from 'react';
import { cx } from 'styled-system/css';

/** The shape of a Panda config slot recipe function from `styled-system/recipes`. */
interface SlotRecipe {
  __slot: string;
  __type: object;
  // biome-ignore lint/suspicious/noExplicitAny: each recipe has its own variant props type.
  (props?: any): Record<string, string>;
  variantKeys: readonly PropertyKey[];
}

type Slot<R extends SlotRecipe> = R['__slot'];
type Variants<R extends SlotRecipe> = R['__type'];
type WithClass<C extends ElementType> = ComponentProps<C> & { className?: string | undefined };

/** The classes a root provides, keyed by slot. */
export type StyleContext<S extends string> = Context<Partial<Record<S, string>> | null>;

/** Reads one slot's class from the nearest root, for parts that need more than `withContext`. */
export function useSlotClass<S extends string>(context: StyleContext<S>, slot: S): string {
  const classes = useContext(context);
  if (!classes) throw new Error(`The "${slot}" part must be rendered inside its Root.`);
  return classes[slot] ?? '';
}

export function createStyleContext<R extends SlotRecipe>(recipe: R) {
  const StyleContext: StyleContext<Slot<R>> = createContext<Partial<Record<Slot<R>, string>> | null>(null);

  type Classes = Partial<Record<Slot<R>, string>>;

  function splitVariants(props: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
    const variants: Record<string, unknown> = {};
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(props)) {
      if (recipe.variantKeys.includes(key)) variants[key] = value;
      else rest[key] = value;
    }
    return [variants, rest];
  }

  /** The root part: takes the recipe's variants, styles itself and provides classes to the other parts. */
  function withProvider<C extends ElementType>(Component: C, slot: Slot<R>) {
    function StyledRoot(props: WithClass<C> & Variants<R>): JSX.Element {
      const [variants, rest] = splitVariants(props as Record<string, unknown>);
      const classes = recipe(variants) as Classes;
      return createElement(
        StyleContext.Provider,
        { value: classes },
        createElement(Component, {
          ...rest,
          className: cx(classes[slot], rest.className as string | undefined),
        }),
      );
    }
    StyledRoot.displayName = `Styled(${String(slot)})`;
    return StyledRoot as ComponentType<WithClass<C> & Variants<R>>;
  }

  /** Provides classes without rendering an element, for Ark roots that render nothing themselves. */
  function withRootProvider<C extends ElementType>(Component: C) {
    function StyledProvider(props: ComponentProps<C> & Variants<R>): JSX.Element {
      const [variants, rest] = splitVariants(props as Record<string, unknown>);
      return createElement(
        StyleContext.Provider,
        { value: recipe(variants) as Classes },
        createElement(Component, rest),
      );
    }
    return StyledProvider as ComponentType<ComponentProps<C> & Variants<R>>;
  }

  /** Any other part: reads the classes its root provided. */
  function withContext<C extends ElementType>(Component: C, slot: Slot<R>) {
    function StyledPart(props: WithClass<C>): JSX.Element {
      const className = useSlotClass(StyleContext, slot);
      return createElement(Component, { ...props, className: cx(className, props.className) });
    }
    StyledPart.displayName = `Styled(${String(slot)})`;
    return StyledPart as ComponentType<WithClass<C>>;
  }

  return { StyleContext, withProvider, withRootProvider, withContext };
}
