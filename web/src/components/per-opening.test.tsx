import { render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { FormModal } from './form-modal';
import { perOpening } from './per-opening';

interface Rec {
  id: number;
  name: string;
}

/** A record dialog as the console writes them: its form and its state live in the dialog's component. */
const NameDialog = perOpening(function NameDialog({ open, record }: { open: boolean; record: Rec | null }) {
  const [form] = Form.useForm<{ name: string }>();
  const [error, setError] = useState<string | null>(null);
  return (
    <FormModal<{ name: string }>
      open={open}
      title={record ? 'edit' : 'new'}
      form={form}
      name="rec"
      initialValues={{ name: record?.name ?? '' }}
      loading={false}
      error={error}
      onErrorChange={setError}
      onClose={() => undefined}
      onFinish={() => undefined}
    >
      <Form.Item name="name" label="name">
        <Input />
      </Form.Item>
    </FormModal>
  );
});

const A = { id: 1, name: 'pump A' };
const B = { id: 2, name: 'pump B' };
const field = () => screen.getByLabelText('name');

describe('perOpening', () => {
  it('shows record A, then B, then an empty new form, each opening its own', () => {
    const view = render(<NameDialog open record={A} />);
    expect(field()).toHaveValue('pump A');
    view.rerender(<NameDialog open={false} record={A} />);
    view.rerender(<NameDialog open record={B} />);
    expect(field()).toHaveValue('pump B');
    view.rerender(<NameDialog open={false} record={B} />);
    view.rerender(<NameDialog open record={null} />);
    expect(field()).toHaveValue('');
  });

  it('shows a record’s saved values when it is opened again', () => {
    const view = render(<NameDialog open record={A} />);
    expect(field()).toHaveValue('pump A');
    view.rerender(<NameDialog open={false} record={A} />);
    view.rerender(<NameDialog open record={{ ...A, name: 'pump A2' }} />);
    expect(field()).toHaveValue('pump A2');
  });

  it('keeps the dialog, and what is typed, while it stays open', () => {
    const view = render(<NameDialog open record={A} />);
    const input = field();
    view.rerender(<NameDialog open record={A} />);
    expect(field()).toBe(input);
  });

  it('opens when its own condition says so', () => {
    const Ids = perOpening(
      function Ids({ ids }: { ids: number[] }) {
        const [first] = useState(ids.join(','));
        return ids.length > 0 ? <output>{first}</output> : null;
      },
      { isOpen: (props) => props.ids.length > 0 },
    );
    const view = render(<Ids ids={[1]} />);
    expect(screen.getByRole('status')).toHaveTextContent('1');
    view.rerender(<Ids ids={[]} />);
    view.rerender(<Ids ids={[2, 3]} />);
    expect(screen.getByRole('status')).toHaveTextContent('2,3');
  });
});
