/**
 * The portal's forms (docs/decisions/019-in-house-forms.md): the part of react-hook-form's API the
 * pages use, with the same names and meaning, in about 2 KiB. A form keeps its values and errors
 * in one store; text inputs stay uncontrolled (`register` reads them on change and writes them
 * when the form sets or resets a value), and a component re-renders only for what it reads:
 * the form's state (`useFormState`, `formState`), or the values it watches (`useWatch`, `watch`).
 *
 * Checks are a resolver (values in; the checked values or the errors, by field path, out) run on
 * submit; after a submit a changed field is checked again (`reValidateMode: 'onChange'`, the
 * default) or only on the next submit (`'onSubmit'`). On a refused submit the first field in error
 * takes the focus (`shouldFocusError`, on by default).
 */
import {
  type BaseSyntheticEvent,
  type ChangeEvent,
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';

// biome-ignore lint/suspicious/noExplicitAny: a form's values are any shape its page declares.
export type FieldValues = Record<string, any>;

export interface FieldError {
  type: string;
  message?: string;
  /** A group's own error (e.g. "add at least one"), beside its entries' errors. */
  root?: FieldError;
}

/** Errors by field path: `errors.name`, or nested for a group's entries (`errors.vehicles[0].plate`). */
export type FieldErrors<T extends FieldValues = FieldValues> = { [K in keyof T]?: FieldError } & Record<
  string,
  unknown
>;

/** The checked values (no errors), or the errors (the values then are empty). */
export interface ResolverResult<Out> {
  values: Out | Record<string, never>;
  /** By field path, as `FieldErrors`. */
  errors: Record<string, unknown>;
}

/** The form's checks: the values as the page's output, or errors by field path. */
export type Resolver<In extends FieldValues = FieldValues, Context = unknown, Out = In> = (
  values: In,
  context: Context | undefined,
  options: Record<string, never>,
) => ResolverResult<Out> | Promise<ResolverResult<Out>>;

export interface UseFormOptions<In extends FieldValues, Context, Out> {
  defaultValues?: Partial<In>;
  resolver?: Resolver<In, Context, Out>;
  /** Only 'onSubmit': a form is first checked when it is submitted. */
  mode?: 'onSubmit';
  /** After a submit: check a field again as it changes (default), or only on the next submit. */
  reValidateMode?: 'onChange' | 'onSubmit';
  /** Focus the first field in error when a submit is refused (default true). */
  shouldFocusError?: boolean;
}

export interface FormState<In extends FieldValues = FieldValues> {
  errors: FieldErrors<In>;
  isSubmitting: boolean;
  isSubmitted: boolean;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface UseFormRegisterReturn {
  name: string;
  /** The field's first value in the markup itself (a page rendered on the server shows it). */
  defaultValue?: string;
  defaultChecked?: boolean;
  ref: (instance: Element | null) => void;
  onChange: (event: ChangeEvent<Control>) => void;
  onBlur: () => void;
}

interface SetValueOptions {
  shouldValidate?: boolean;
  shouldDirty?: boolean;
}

type Path<In> = keyof In & string;

export interface UseFormReturn<In extends FieldValues = FieldValues, _Context = unknown, Out = In> {
  register(
    name: Path<In>,
    options?: { onChange?: (event: ChangeEvent<Control>) => void },
  ): UseFormRegisterReturn;
  handleSubmit(
    onValid: (values: Out, event?: BaseSyntheticEvent) => unknown,
    onInvalid?: (errors: FieldErrors<In>, event?: BaseSyntheticEvent) => unknown,
  ): (event?: BaseSyntheticEvent) => Promise<void>;
  readonly formState: FormState<In>;
  watch(): In;
  watch<K extends Path<In>>(name: K): In[K];
  watch(callback: (values: In, change: { name?: string }) => void): { unsubscribe(): void };
  setValue(name: Path<In>, value: unknown, options?: SetValueOptions): void;
  setError(name: Path<In>, error: FieldError): void;
  /** Every error, or one field's. */
  clearErrors(name?: Path<In>): void;
  getValues(): In;
  reset(values?: Partial<In>): void;
  control: FormControl;
}

/** The store behind a form (what the hooks below subscribe to). */
export interface FormControl {
  values: FieldValues;
  state: FormState;
  options: UseFormOptions<FieldValues, unknown, unknown>;
  form: UseFormReturn;
  subscribeValues(listener: (name?: string) => void): () => void;
  subscribeState(listener: () => void): () => void;
  /** Sets a value as the user or a field's own component did, and checks it if due. */
  change(name: string, value: unknown, validate?: boolean): void;
  elements: Map<string, Element>;
  /** Changes when the page that holds the form must re-render (its state, or a value it watched). */
  hostVersion(): number;
}

/** The value at a dotted path ("vehicles.0.plate"), or undefined. */
export function get(object: unknown, path: string): unknown {
  let current = object;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `object` with `value` at `path` (undefined removes it, and any container left empty). */
export function set<T>(object: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const container = (object ?? (/^\d+$/.test(key) ? [] : {})) as Record<string, unknown>;
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<string, unknown>;
  const inner = rest.length > 0 ? set(copy[key], rest.join('.'), value) : value;
  if (inner === undefined || (rest.length > 0 && isEmpty(inner))) {
    if (Array.isArray(copy)) copy[key] = undefined;
    else delete copy[key];
  } else copy[key] = inner;
  return copy as T;
}

function isEmpty(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).every((inner) => inner === undefined);
}

function writeToInput(element: Element | undefined, value: unknown): void {
  if (!element?.isConnected) return;
  const input = element as HTMLInputElement;
  if (input.type === 'checkbox') input.checked = Boolean(value);
  else if ('value' in input && typeof value !== 'object') {
    const text = value === undefined || value === null ? '' : String(value);
    if (input.value !== text) input.value = text;
  }
}

/**
 * What the visitor put into a field before the page's script took it over (a page rendered on the
 * server: the markup works before the script, docs/decisions/020), or undefined if nothing: a text
 * whose value is not the markup's, a box ticked otherwise, another option chosen.
 */
function typedBeforeScript(element: Element): string | boolean | undefined {
  if (element instanceof HTMLSelectElement) {
    if (element.multiple) return undefined;
    let first = 0;
    Array.from(element.options).forEach((option, index) => {
      if (option.defaultSelected) first = index;
    });
    return element.selectedIndex !== first ? element.value : undefined;
  }
  if (element instanceof HTMLInputElement) {
    if (element.type === 'checkbox') {
      return element.checked !== element.defaultChecked ? element.checked : undefined;
    }
    if (element.type === 'file' || element.type === 'radio') return undefined;
  }
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    return element.value !== element.defaultValue ? element.value : undefined;
  }
  return undefined;
}

function createForm<In extends FieldValues, Context, Out>(
  initial: UseFormOptions<In, Context, Out>,
): UseFormReturn<In, Context, Out> {
  const valueListeners = new Set<(name?: string) => void>();
  const stateListeners = new Set<() => void>();
  const registrations = new Map<
    string,
    UseFormRegisterReturn & { extra?: (event: ChangeEvent<Control>) => void }
  >();
  let defaults: FieldValues = { ...initial.defaultValues };

  const setState = (next: Partial<FormState>) => {
    control.state = { ...control.state, ...next };
    for (const listener of stateListeners) listener();
  };
  const notify = (name?: string) => {
    for (const listener of valueListeners) listener(name);
  };
  const resolve = async (): Promise<ResolverResult<unknown>> => {
    const resolver = control.options.resolver;
    return resolver ? resolver(control.values, undefined, {}) : { values: control.values, errors: {} };
  };
  /** Checks one field again: its error is the resolver's, or none (unchanged if the check fails). */
  const validate = async (name: string) => {
    const result = await resolve().catch(() => undefined);
    if (result) setState({ errors: set(control.state.errors, name, get(result.errors, name)) });
  };
  const writeInputs = (name?: string) => {
    for (const [path, element] of control.elements) {
      if (name === undefined || path === name || path.startsWith(`${name}.`))
        writeToInput(element, get(control.values, path));
    }
  };

  const control: FormControl = {
    values: { ...defaults },
    state: { errors: {}, isSubmitting: false, isSubmitted: false },
    options: initial as UseFormOptions<FieldValues, unknown, unknown>,
    form: undefined as unknown as UseFormReturn,
    elements: new Map(),
    hostVersion: () => 0,
    subscribeValues(listener) {
      valueListeners.add(listener);
      return () => valueListeners.delete(listener);
    },
    subscribeState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    change(name, value, check) {
      control.values = set(control.values, name, value);
      notify(name);
      const again =
        control.state.isSubmitted && (control.options.reValidateMode ?? 'onChange') === 'onChange';
      if (check ?? again) void validate(name);
    },
  };

  const form: UseFormReturn<In, Context, Out> = {
    control,
    get formState() {
      return control.state as FormState<In>;
    },
    register(name, options) {
      let registration = registrations.get(name);
      if (!registration) {
        const initialValue = get(control.values, name);
        const created: UseFormRegisterReturn & { extra?: (event: ChangeEvent<Control>) => void } = {
          name,
          ...(typeof initialValue === 'string' && initialValue !== ''
            ? { defaultValue: initialValue }
            : typeof initialValue === 'boolean'
              ? { defaultChecked: initialValue }
              : {}),
          ref(element) {
            if (!element) return;
            control.elements.set(name, element);
            // Typed before the script took over: the form takes it, never wipes it.
            const typed = typedBeforeScript(element);
            if (typed !== undefined && typed !== get(control.values, name)) control.change(name, typed);
            else writeToInput(element, get(control.values, name));
          },
          onChange(event) {
            const target = event.target;
            control.change(
              name,
              target.type === 'checkbox' ? (target as HTMLInputElement).checked : target.value,
            );
            created.extra?.(event);
          },
          onBlur() {},
        };
        registration = created;
        registrations.set(name, registration);
      }
      registration.extra = options?.onChange;
      return registration;
    },
    handleSubmit(onValid, onInvalid) {
      return async (event) => {
        event?.preventDefault();
        setState({ isSubmitting: true });
        try {
          const result = await resolve();
          if (Object.keys(result.errors).length > 0) {
            setState({ errors: result.errors as FieldErrors, isSubmitting: false, isSubmitted: true });
            if (control.options.shouldFocusError ?? true) focusFirstError();
            await onInvalid?.(result.errors as FieldErrors<In>, event);
            return;
          }
          setState({ errors: {} });
          await onValid(result.values as Out, event);
          setState({ isSubmitted: true });
        } finally {
          if (control.state.isSubmitting) setState({ isSubmitting: false });
        }
      };
    },
    watch(arg?: string | ((values: In, change: { name?: string }) => void)) {
      if (typeof arg === 'function') {
        const unsubscribe = control.subscribeValues((name) => arg(control.values as In, { name }));
        return { unsubscribe };
      }
      watching = true;
      return (arg === undefined ? control.values : get(control.values, arg)) as never;
    },
    setValue(name, value, options) {
      control.change(name, value, options?.shouldValidate ?? false);
      writeInputs(name);
    },
    setError(name, error) {
      setState({ errors: set(control.state.errors, name, error) });
    },
    clearErrors(name) {
      setState({ errors: name === undefined ? {} : set(control.state.errors, name, undefined) });
    },
    getValues() {
      return control.values as In;
    },
    reset(values) {
      if (values) defaults = { ...values };
      control.values = { ...defaults };
      writeInputs();
      setState({ errors: {}, isSubmitting: false, isSubmitted: false });
      notify();
    },
  } as UseFormReturn<In, Context, Out>;
  control.form = form as unknown as UseFormReturn;

  /** Whether the page that holds the form read a value while rendering (`watch(name)`). */
  let watching = false;
  const focusFirstError = () => {
    const inError = [...control.elements]
      .filter(([path, element]) => element.isConnected && get(control.state.errors, path) !== undefined)
      .map(([, element]) => element as HTMLElement)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    inError[0]?.focus();
  };
  // The page re-renders for the form's state, and for values once it has watched one.
  let version = 0;
  const bump = () => {
    version += 1;
  };
  stateListeners.add(bump);
  valueListeners.add(() => {
    if (watching) bump();
  });
  control.hostVersion = () => version;
  return form;
}

function subscribeHost(control: FormControl) {
  return (listener: () => void) => {
    const offState = control.subscribeState(listener);
    const offValues = control.subscribeValues(listener);
    return () => {
      offState();
      offValues();
    };
  };
}

/** A form: its store, created once, and the page re-rendered with what it reads of it. */
export function useForm<In extends FieldValues = FieldValues, Context = unknown, Out = In>(
  options: UseFormOptions<In, Context, Out> = {},
): UseFormReturn<In, Context, Out> {
  const ref = useRef<UseFormReturn<In, Context, Out>>(undefined);
  ref.current ??= createForm(options);
  const { control } = ref.current;
  control.options = options as UseFormOptions<FieldValues, unknown, unknown>;
  const subscribe = useMemo(() => subscribeHost(control), [control]);
  useSyncExternalStore(subscribe, control.hostVersion, control.hostVersion);
  return ref.current;
}

const FormContext = createContext<UseFormReturn | undefined>(undefined);

/** Gives the form to the fields below (`useFormContext`, `useWatch`, `useController`...). */
export function FormProvider<In extends FieldValues, Context, Out>({
  children,
  control,
}: UseFormReturn<In, Context, Out> & { children: ReactNode }) {
  return createElement(FormContext.Provider, { value: control.form }, children);
}

export function useFormContext<In extends FieldValues = FieldValues>(): UseFormReturn<In> {
  const form = useContext(FormContext);
  if (!form) throw new Error('A form field outside its FormProvider');
  return form as unknown as UseFormReturn<In>;
}

function useControl(control?: FormControl): FormControl {
  const form = useContext(FormContext);
  const found = control ?? form?.control;
  if (!found) throw new Error('A form field outside its FormProvider');
  return found;
}

/** The form's state (its errors above all), re-rendered as it changes. */
export function useFormState({ control }: { name?: string; control?: FormControl } = {}): FormState {
  const store = useControl(control);
  return useSyncExternalStore(
    store.subscribeState,
    () => store.state,
    () => store.state,
  );
}

/** A value (a path), several (paths), or all the values, re-rendered as they change. */
export function useWatch({
  name,
  control,
}: {
  name?: string | string[];
  control?: FormControl;
} = {}): unknown {
  const store = useControl(control);
  const last = useRef<unknown[]>(undefined);
  const read = (): unknown => {
    if (name === undefined) return store.values;
    if (typeof name === 'string') return get(store.values, name);
    const values = name.map((path) => get(store.values, path));
    if (
      last.current &&
      last.current.length === values.length &&
      values.every((v, i) => v === last.current![i])
    )
      return last.current;
    last.current = values;
    return values;
  };
  return useSyncExternalStore(store.subscribeValues, read, read);
}

/** A field drawn by its own component: its value, how to change it, and its error. */
export function useController({ name, control }: { name: string; control?: FormControl }) {
  const store = useControl(control);
  const value = useWatch({ name, control: store });
  const { errors } = useFormState({ control: store });
  const error = get(errors, name) as FieldError | undefined;
  const handlers = useMemo(
    () => ({
      onChange: (next: unknown) =>
        store.change(
          name,
          next && typeof next === 'object' && 'target' in next
            ? (next.target as HTMLInputElement).value
            : next,
        ),
      onBlur: () => undefined,
      ref: (element: Element | null) => {
        if (element) store.elements.set(name, element);
      },
    }),
    [store, name],
  );
  return { field: { name, value, ...handlers }, fieldState: { error, invalid: error !== undefined } };
}

let nextEntryId = 0;

/** A group's entries (an array value): each with a stable `id` for its key, added and removed. */
export function useFieldArray({ name, control }: { name: string; control?: FormControl }) {
  const store = useControl(control);
  const entries = (useWatch({ name, control: store }) as Record<string, unknown>[] | undefined) ?? [];
  const ids = useRef<string[]>([]);
  while (ids.current.length < entries.length) ids.current.push(`entry-${++nextEntryId}`);
  ids.current.length = entries.length;
  const current = () => (get(store.values, name) as unknown[] | undefined) ?? [];
  return {
    fields: entries.map((entry, index) => ({ ...entry, id: ids.current[index]! })),
    append(entry: Record<string, unknown>) {
      ids.current.push(`entry-${++nextEntryId}`);
      store.form.setValue(name, [...current(), entry]);
    },
    remove(index: number) {
      ids.current.splice(index, 1);
      store.form.setValue(
        name,
        current().filter((_, i) => i !== index),
      );
      const errors = get(store.state.errors, name);
      if (Array.isArray(errors)) {
        store.form.setError(name, errors.filter((_, i) => i !== index) as unknown as FieldError);
      }
    },
  };
}
