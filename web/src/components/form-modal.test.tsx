import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';

import { FormModal } from './form-modal';

interface Values {
  title: string;
}

function Harness({ error, onFinish }: { error: string | null; onFinish: (values: Values) => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <FormModal<Values>
      open
      title="编辑标题"
      form={form}
      name="test-form"
      initialValues={{ title: '原标题' }}
      loading={false}
      error={error}
      onErrorChange={() => undefined}
      onClose={() => undefined}
      onFinish={onFinish}
    >
      <Form.Item name="title" label="标题">
        <Input />
      </Form.Item>
    </FormModal>
  );
}

describe('FormModal', () => {
  it('renders the title and the save / cancel buttons', () => {
    render(<Harness error={null} onFinish={vi.fn()} />);
    expect(screen.getByText('编辑标题')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('submits the form values through the OK button', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn();
    render(<Harness error={null} onFinish={onFinish} />);
    await user.clear(screen.getByLabelText('标题'));
    await user.type(screen.getByLabelText('标题'), '新标题');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      expect(onFinish).toHaveBeenCalledWith({ title: '新标题' });
    });
  });

  it('shows the form-level error', () => {
    render(<Harness error="服务器出错" onFinish={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('服务器出错');
  });
});
