import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ImageUrlField } from './image-url-field';

// The gallery's own dialog is tested in designer/gallery; here it stands in as one button that picks an image.
vi.mock('../gallery', () => ({
  GalleryPicker: ({ onSelect }: { onSelect: (url: string) => void }) => (
    <button type="button" onClick={() => onSelect('/api/yun/resourcesInfo/file/abc.png')}>
      pick
    </button>
  ),
}));

describe('an image URL field', () => {
  it('takes a typed URL, trimmed, and an empty one as none', async () => {
    const onChange = vi.fn();
    render(<ImageUrlField label="图片" value={null} onChange={onChange} />);
    const input = screen.getByLabelText('图片');
    await userEvent.type(input, '  https://cdn.example.com/a.png ');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith('https://cdn.example.com/a.png');
  });

  it('opens the gallery only when asked, and takes the image chosen there', async () => {
    const onChange = vi.fn();
    render(<ImageUrlField label="图片" value="https://cdn.example.com/a.png" onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'pick' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /从图库选择/ }));
    await userEvent.click(screen.getByRole('button', { name: 'pick' }));
    expect(onChange).toHaveBeenCalledWith('/api/yun/resourcesInfo/file/abc.png');
    expect(screen.queryByRole('button', { name: 'pick' })).not.toBeInTheDocument();
  });
});
