import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import {
  type FieldValues,
  FormProvider,
  get,
  type Resolver,
  type UseFormReturn,
  useController,
  useFieldArray,
  useForm,
  useFormContext,
  useFormState,
} from './form';
import { zodResolver } from './zod-resolver';

interface Person extends FieldValues {
  name: string;
  town: string;
  agree: boolean;
}

/** Name and town are required; the output trims the name. */
const personResolver: Resolver<Person, unknown, Person> = (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (values.name.trim() === '') errors.name = { type: 'required', message: 'Enter your name' };
  if (values.town === '') errors.town = { type: 'required', message: 'Choose your town' };
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { ...values, name: values.name.trim() }, errors: {} };
};

function PersonForm({
  onValid,
  reValidateMode,
  expose,
}: {
  onValid: (values: Person) => void | Promise<void>;
  reValidateMode?: 'onChange' | 'onSubmit';
  expose?: (form: UseFormReturn<Person>) => void;
}) {
  const form = useForm<Person>({
    defaultValues: { name: '', town: '', agree: false },
    resolver: personResolver,
    ...(reValidateMode ? { reValidateMode } : {}),
  });
  expose?.(form);
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <label htmlFor="name">Name</label>
      <input id="name" {...form.register('name')} />
      {errors.name ? <p>{errors.name.message}</p> : null}
      <label htmlFor="town">Town</label>
      <select id="town" {...form.register('town')}>
        <option value="">Choose</option>
        <option value="Nairobi">Nairobi</option>
      </select>
      {errors.town ? <p>{errors.town.message}</p> : null}
      <input id="agree" type="checkbox" {...form.register('agree')} />
      <label htmlFor="agree">I agree</label>
      <p>Hello {form.watch('name') || 'stranger'}</p>
      <button type="submit">{isSubmitting ? 'Sending' : 'Send'}</button>
    </form>
  );
}

describe('useForm', () => {
  it('refuses a submit with its errors beside the fields and the first field in error focused', async () => {
    const onValid = vi.fn();
    render(<PersonForm onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Enter your name')).toBeVisible();
    expect(screen.getByText('Choose your town')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("gives the resolver's output to the submit, with every kind of input read", async () => {
    const onValid = vi.fn();
    render(<PersonForm onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Name'), '  Wanjiku ');
    await userEvent.selectOptions(screen.getByLabelText('Town'), 'Nairobi');
    await userEvent.click(screen.getByLabelText('I agree'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledWith(
      { name: 'Wanjiku', town: 'Nairobi', agree: true },
      expect.anything(),
    );
  });

  it('checks a field again as it changes after a refused submit (reValidateMode onChange)', async () => {
    render(<PersonForm onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.type(screen.getByLabelText('Name'), 'W');
    expect(screen.queryByText('Enter your name')).toBeNull();
    // The other field's error stays until that field changes.
    expect(screen.getByText('Choose your town')).toBeVisible();
  });

  it('keeps the errors until the next submit with reValidateMode onSubmit', async () => {
    render(<PersonForm onValid={vi.fn()} reValidateMode="onSubmit" />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.type(screen.getByLabelText('Name'), 'W');
    expect(screen.getByText('Enter your name')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByText('Enter your name')).toBeNull();
    expect(screen.getByText('Choose your town')).toBeVisible();
  });

  it('re-renders the page with a watched value as it is typed', async () => {
    render(<PersonForm onValid={vi.fn()} />);
    expect(screen.getByText('Hello stranger')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Name'), 'Otieno');
    expect(screen.getByText('Hello Otieno')).toBeVisible();
  });

  it('writes set and reset values into the inputs, and a server error set after a submit shows', async () => {
    let form: UseFormReturn<Person> | undefined;
    render(
      <PersonForm
        onValid={() => form!.setError('name', { type: 'server', message: 'That name is taken' })}
        expose={(f) => {
          form = f;
        }}
      />,
    );
    act(() => form!.setValue('name', 'Akinyi'));
    expect(screen.getByLabelText('Name')).toHaveValue('Akinyi');
    act(() => form!.setValue('town', 'Nairobi'));
    expect(screen.getByLabelText('Town')).toHaveValue('Nairobi');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('That name is taken')).toBeVisible();
    act(() => form!.reset({ name: '', town: '', agree: false }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByText('That name is taken')).toBeNull();
  });

  it('keeps the errors as they are when a check after the submit fails', async () => {
    let calls = 0;
    const resolver: Resolver<Person> = (values) => {
      calls += 1;
      if (calls > 1) throw new Error('offline');
      return personResolver(values, undefined, {});
    };
    function Flaky() {
      const form = useForm<Person>({ defaultValues: { name: '', town: '', agree: false }, resolver });
      return (
        <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
          <label htmlFor="flaky-name">Name</label>
          <input id="flaky-name" {...form.register('name')} />
          {form.formState.errors.name ? <p>{form.formState.errors.name.message}</p> : null}
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<Flaky />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.type(screen.getByLabelText('Name'), 'W');
    expect(calls).toBeGreaterThan(1);
    expect(screen.getByText('Enter your name')).toBeVisible();
  });

  it('is busy while the checks run, and passes on a resolver that failed (a download), not busy after', async () => {
    let fail: (error: Error) => void = () => undefined;
    const resolver: Resolver<{ name: string }> = () =>
      new Promise((_, reject) => {
        fail = reject;
      });
    const failures: unknown[] = [];
    function Slow() {
      const form = useForm<{ name: string }>({ defaultValues: { name: '' }, resolver });
      return (
        <form
          noValidate
          onSubmit={(event) => {
            form
              .handleSubmit(() => undefined)(event)
              .catch((error: unknown) => failures.push(error));
          }}
        >
          <button type="submit">{form.formState.isSubmitting ? 'Checking' : 'Send'}</button>
        </form>
      );
    }
    render(<Slow />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('button', { name: 'Checking' })).toBeVisible();
    await act(async () => fail(new Error('offline')));
    expect(screen.getByRole('button', { name: 'Send' })).toBeVisible();
    expect(failures).toEqual([new Error('offline')]);
  });
});

interface Fleet extends FieldValues {
  owner: string;
  vehicles: { plate: string }[];
}

function VehicleFields() {
  const { register, control } = useFormContext<Fleet>();
  const { errors } = useFormState();
  const { fields, append, remove } = useFieldArray({ control, name: 'vehicles' });
  return (
    <>
      {fields.map((entry, index) => (
        <fieldset key={entry.id} aria-label={`Vehicle ${index + 1}`}>
          <label htmlFor={`plate-${entry.id}`}>Plate</label>
          <input id={`plate-${entry.id}`} {...register(`vehicles.${index}.plate`)} />
          {(get(errors, `vehicles.${index}.plate`) as { message?: string } | undefined)?.message}
          <button type="button" onClick={() => remove(index)}>
            Remove {index + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" onClick={() => append({ plate: '' })}>
        Add a vehicle
      </button>
    </>
  );
}

function OwnerSelect() {
  const { field, fieldState } = useController({ name: 'owner' });
  return (
    <>
      <label htmlFor="owner">Owner</label>
      <select
        id="owner"
        ref={field.ref}
        value={String(field.value)}
        onChange={(event) => field.onChange(event.target.value)}
        aria-invalid={fieldState.invalid || undefined}
      >
        <option value="">Choose</option>
        <option value="sacco">A Sacco</option>
      </select>
    </>
  );
}

const fleetSchema = z.object({
  owner: z.string().min(1, 'Choose the owner'),
  vehicles: z
    .array(
      z.object({
        plate: z
          .string()
          .min(1, 'Enter the plate')
          .transform((p) => p.toUpperCase()),
      }),
    )
    .min(1, 'Add at least one vehicle'),
});

function FleetForm({ onValid }: { onValid: (values: z.output<typeof fleetSchema>) => void }) {
  const form = useForm<Fleet, unknown, z.output<typeof fleetSchema>>({
    defaultValues: { owner: '', vehicles: [] },
    resolver: zodResolver(fleetSchema),
  });
  const own = form.formState.errors.vehicles as { message?: string } | undefined;
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <OwnerSelect />
        {own?.message ? <p>{own.message}</p> : null}
        <VehicleFields />
        <button type="submit">Register</button>
      </form>
    </FormProvider>
  );
}

describe('a form rendered on the server and then hydrated', () => {
  it('keeps what was typed, chosen and ticked before the script took over, and submits it', async () => {
    const onValid = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<PersonForm onValid={onValid} />);
    document.body.append(container);
    onTestFinished(() => container.remove());
    // The visitor fills the server's markup while the script is still on its way.
    (container.querySelector('#name') as HTMLInputElement).value = 'Wanjiku';
    (container.querySelector('#town') as HTMLSelectElement).value = 'Nairobi';
    (container.querySelector('#agree') as HTMLInputElement).checked = true;
    const root = await act(async () => hydrateRoot(container, <PersonForm onValid={onValid} />));
    expect(screen.getByLabelText('Name')).toHaveValue('Wanjiku');
    expect(screen.getByLabelText('Town')).toHaveValue('Nairobi');
    expect(screen.getByLabelText('I agree')).toBeChecked();
    expect(screen.getByText('Hello Wanjiku')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledWith(
      { name: 'Wanjiku', town: 'Nairobi', agree: true },
      expect.anything(),
    );
    act(() => root.unmount());
  });

  it('leaves a field the visitor did not touch as the form has it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<PersonForm onValid={vi.fn()} />);
    document.body.append(container);
    onTestFinished(() => container.remove());
    const root = await act(async () => hydrateRoot(container, <PersonForm onValid={vi.fn()} />));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Town')).toHaveValue('');
    expect(screen.getByLabelText('I agree')).not.toBeChecked();
    expect(screen.getByText('Hello stranger')).toBeInTheDocument();
    act(() => root.unmount());
  });
});

describe('fields of their own, groups and zod checks', () => {
  it("shows a group's own error, then its entries' errors by path, and sends the schema's output", async () => {
    const onValid = vi.fn();
    render(<FleetForm onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Add at least one vehicle')).toBeVisible();
    expect(screen.getByLabelText('Owner')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(screen.getByLabelText('Owner'), 'sacco');
    expect(screen.getByLabelText('Owner')).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a vehicle' }));
    await userEvent.type(
      within(screen.getByRole('group', { name: 'Vehicle 2' })).getByLabelText('Plate'),
      'kcb 123a',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const first = screen.getByRole('group', { name: 'Vehicle 1' });
    expect(within(first).getByText('Enter the plate')).toBeVisible();
    expect(within(first).getByLabelText('Plate')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();

    // Removing the first entry moves the second up, its typed plate with it, and its error goes.
    await userEvent.click(within(first).getByRole('button', { name: 'Remove 1' }));
    const only = screen.getByRole('group', { name: 'Vehicle 1' });
    expect(within(only).getByLabelText('Plate')).toHaveValue('kcb 123a');
    expect(screen.queryByText('Enter the plate')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(onValid).toHaveBeenCalledWith(
      { owner: 'sacco', vehicles: [{ plate: 'KCB 123A' }] },
      expect.anything(),
    );
  });
});
