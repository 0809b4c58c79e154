import * as calls from '@portal/shared/calls/catalogue';
import { messages } from '@portal/shared/messages';
import {
  batchUpdateSchema,
  branchInputSchema,
  type StaffBranch,
} from '@portal/shared/schemas/staff-catalogue';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { z } from '@portal/shared/schemas/zod';
import { callsTo, mockStaffApi, ok, type StaffHandler } from '@test/render-console';
import { Button } from '@/components/ui/button';
import { EntityForm, type EntityField } from '@/console/components/entity-form';
import { staffCall } from '@/console/lib/staff-client';

type BranchFields = z.input<typeof branchInputSchema>;
type BranchValues = z.output<typeof branchInputSchema>;
type BatchFields = z.input<typeof batchUpdateSchema>;

const blank: BranchFields = { branchName: '', contactNo: '', branchAddress: '', city: '', location: '' };

/** One field of each kind a branch can have: text, textarea, a select with the page's own message, a URL. */
const branchFields: EntityField<BranchFields, BranchValues>[] = [
  { name: 'branchName', label: 'Branch name', kind: 'text' },
  { name: 'contactNo', label: 'Contact number', kind: 'text', type: 'tel', autoComplete: 'tel' },
  { name: 'branchAddress', label: 'Address', kind: 'textarea', rows: 2 },
  {
    name: 'city',
    label: 'City',
    kind: 'select',
    placeholder: 'Choose',
    options: [
      { value: 'Karachi', label: 'Karachi' },
      { value: 'Lahore', label: 'Lahore' },
    ],
    errorText: 'Choose the city',
  },
  { name: 'location', label: 'Map link', kind: 'text', type: 'url', hint: 'https://maps…' },
];

const saved: StaffBranch = {
  _id: '99999999-9999-4999-8999-999999999999',
  branchName: 'Saddar',
  contactNo: '021-1234567',
  branchAddress: 'Shop 4, Main Road',
  city: 'Karachi',
  location: '',
};

/** A branch form as a page declares it: the shared schema, the fields as data, the call's mutation. */
function BranchForm({ onSaved }: { onSaved: () => void }) {
  const save = useMutation({
    mutationFn: (body: BranchValues) => staffCall(calls.createBranch, { body }),
  });
  return (
    <EntityForm
      schema={branchInputSchema}
      fields={branchFields}
      defaultValues={blank}
      submitLabel="Add branch"
      save={save}
      onSubmit={(body, form) =>
        save.mutate(body, {
          onSuccess: () => {
            form.reset(blank);
            onSaved();
          },
        })
      }
    />
  );
}

function renderForm(ui: ReactElement, api: Record<string, StaffHandler> = {}) {
  const requests = mockStaffApi(api);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const user = userEvent.setup();
  const wrapped = (inner: ReactElement) => (
    <StrictMode>
      <QueryClientProvider client={client}>{inner}</QueryClientProvider>
    </StrictMode>
  );
  const { rerender } = render(wrapped(ui));
  return { user, requests, rerender: (next: ReactElement) => rerender(wrapped(next)) };
}

async function fillBranch(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Branch name'), 'Saddar');
  await user.type(screen.getByLabelText('Contact number'), 'call us');
  await user.type(screen.getByLabelText('Address'), 'Shop 4, Main Road');
  await user.selectOptions(screen.getByLabelText('City'), 'Karachi');
}

const sentBranches = (requests: ReturnType<typeof mockStaffApi>) =>
  callsTo(requests, 'POST', '/staffapi/catalogue/branches');

describe('the entity form', () => {
  it('labels every declared field with its hint, and sends the schema’s values', async () => {
    const onSaved = vi.fn();
    const { user, requests } = renderForm(<BranchForm onSaved={onSaved} />, {
      'POST /staffapi/catalogue/branches': () => ok({ success: true, message: 'Branch saved', data: saved }),
    });
    expect(screen.getByLabelText('Branch name')).toHaveAttribute('name', 'branchName');
    expect(screen.getByLabelText('Contact number')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Address').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('');
    expect(screen.getByLabelText('Map link')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Map link')).toHaveAccessibleDescription('https://maps…');

    await fillBranch(user);
    await user.click(screen.getByRole('button', { name: 'Add branch' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sentBranches(requests).map((request) => request.body)).toEqual([
      {
        branchName: 'Saddar',
        contactNo: 'call us',
        branchAddress: 'Shop 4, Main Road',
        city: 'Karachi',
        location: '',
      },
    ]);
    expect(screen.getByLabelText('Branch name')).toHaveValue('');
  });

  it('shows the schema’s message (or the page’s) on each failing field and sends nothing', async () => {
    const { user, requests } = renderForm(<BranchForm onSaved={() => undefined} />);
    await user.type(screen.getByLabelText('Map link'), 'maps.example.org');
    await user.click(screen.getByRole('button', { name: 'Add branch' }));

    const name = screen.getByLabelText('Branch name');
    expect(await screen.findByText('Choose the city')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(messages.fieldRequiredShort);
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(messages.fieldRequiredShort);
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveAccessibleDescription('Choose the city');
    expect(screen.getByLabelText('Map link')).toHaveAccessibleDescription(
      'https://maps… Must be an http(s) address',
    );
    expect(sentBranches(requests)).toHaveLength(0);

    await user.type(name, 'Saddar');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).not.toHaveAccessibleDescription();
  });

  it('shows a refusal’s field messages on their fields, keeps the general one and what was typed', async () => {
    const refusal = 'Enter the number as 0XX-XXXXXXX';
    const { user, requests } = renderForm(<BranchForm onSaved={() => undefined} />, {
      'POST /staffapi/catalogue/branches': () => ({
        status: 400,
        json: { success: false, message: refusal, errors: { contactNo: refusal, unknownField: 'Ignored' } },
      }),
    });
    await fillBranch(user);
    await user.click(screen.getByRole('button', { name: 'Add branch' }));

    const contact = screen.getByLabelText('Contact number');
    await waitFor(() => expect(contact).toHaveAttribute('aria-invalid', 'true'));
    expect(contact).toHaveAccessibleDescription(refusal);
    expect(contact).toHaveFocus();
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([refusal, refusal]);
    expect(screen.queryByText('Ignored')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Branch name')).toHaveValue('Saddar');
    expect(contact).toHaveValue('call us');
    expect(screen.getByLabelText('Branch name')).not.toHaveAttribute('aria-invalid');
    expect(sentBranches(requests)).toHaveLength(1);

    // Changed, the field is checked again by the schema, which passes it: the server's message goes.
    await user.clear(contact);
    await user.type(contact, '021-1234567');
    expect(contact).not.toHaveAttribute('aria-invalid');
  });

  it('shows progress and sends once while saving, then retries after a failure', async () => {
    let answer: (reply: { status: number; json: unknown }) => void = () => undefined;
    const replies = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => new Promise<{ status: number; json: unknown }>((resolve) => (answer = resolve)),
    ];
    const onSaved = vi.fn();
    const { user, requests } = renderForm(<BranchForm onSaved={onSaved} />, {
      'POST /staffapi/catalogue/branches': () => replies[sentBranches(requests).length - 1]!(),
    });
    await fillBranch(user);
    const button = screen.getByRole('button', { name: 'Add branch' });
    await user.click(button);

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.serverError);
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.getByLabelText('Branch name')).toHaveValue('Saddar');

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(button);
    await user.type(screen.getByLabelText('Branch name'), '{Enter}');
    expect(sentBranches(requests)).toHaveLength(2);

    answer(ok({ success: true, message: 'Branch saved', data: saved }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(sentBranches(requests)).toHaveLength(2);
  });

  it('labels its checkboxes and ties a refusal of one to it', async () => {
    const refusal = 'A restricted batch cannot be open';
    const fields: EntityField<BatchFields, z.output<typeof batchUpdateSchema>>[] = [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'number', label: 'Number', kind: 'number' },
      { name: 'city', label: 'City', kind: 'text' },
      { name: 'isOpen', label: 'Open for applications', kind: 'checkbox' },
      { name: 'restricted', label: 'Restricted', kind: 'checkbox' },
    ];
    function BatchForm() {
      const save = useMutation({
        mutationFn: (body: z.output<typeof batchUpdateSchema>) =>
          staffCall(calls.editBatch, { params: { id: saved._id }, body }),
      });
      return (
        <EntityForm
          schema={batchUpdateSchema}
          fields={fields}
          defaultValues={{ name: 'Batch 7', number: '7', city: 'Lahore', isOpen: true, restricted: false }}
          submitLabel="Save"
          save={save}
          onSubmit={(body) => save.mutate(body)}
        />
      );
    }
    const { user, requests } = renderForm(<BatchForm />, {
      'POST /staffapi/catalogue/batches/:id': () => ({
        status: 400,
        json: { success: false, message: refusal, errors: { isOpen: refusal } },
      }),
    });
    const open = screen.getByRole('checkbox', { name: 'Open for applications' });
    expect(open).toBeChecked();
    expect(screen.getByLabelText('Number')).toHaveAttribute('inputmode', 'numeric');
    await user.click(screen.getByRole('checkbox', { name: 'Restricted' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(open).toHaveAttribute('aria-invalid', 'true'));
    expect(open).toHaveAccessibleDescription(refusal);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([refusal, refusal]);
    expect(callsTo(requests, 'POST', `/staffapi/catalogue/batches/${saved._id}`)[0]?.body).toEqual({
      name: 'Batch 7',
      number: 7,
      city: 'Lahore',
      isOpen: true,
      restricted: true,
    });
  });

  it('takes the page’s name, layout and Cancel, and sends nothing while the page holds the button', async () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    const { _id, ...filled } = saved;
    function WaitingForm({ waiting }: { waiting: boolean }) {
      const save = useMutation({ mutationFn: () => Promise.resolve(_id) });
      return (
        <EntityForm
          schema={branchInputSchema}
          fields={branchFields}
          defaultValues={filled}
          submitLabel="Add branch"
          save={save}
          label="Add a branch"
          className="filter-bar"
          submitDisabled={waiting}
          actions={
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          }
          onSubmit={onSubmit}
        />
      );
    }
    const { user, rerender } = renderForm(<WaitingForm waiting />);
    const form = screen.getByRole('form', { name: 'Add a branch' });
    expect(form).toHaveClass('filter-bar');
    expect(form).not.toHaveClass('console-form');
    const button = within(form).getByRole('button', { name: 'Add branch' });
    expect(button).toBeDisabled();
    await user.type(within(form).getByLabelText('Branch name'), '{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(<WaitingForm waiting={false} />);
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual(filled);
  });
});
