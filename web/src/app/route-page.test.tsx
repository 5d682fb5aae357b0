import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';

import { prefetchLoader } from './route-objects';
import { routePage } from './route-page';

describe('routePage', () => {
  it('is not drawn again while the router loads another page, and is with its own new params', async () => {
    let renders = 0;
    let release: () => void = () => undefined;
    function Detail() {
      renders += 1;
      const { id } = useParams();
      // A page that navigates reads the route's context, as useParams does.
      const navigate = useNavigate();
      useEffect(() => {
        if (id === '0') void navigate('/detail/1');
      }, [id, navigate]);
      return <p>detail {id}</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/detail/:id', Component: routePage(Detail) },
        {
          path: '/slow',
          // The navigation stays "loading" until released: the router's state changes meanwhile.
          loader: () =>
            new Promise<null>((resolve) => {
              release = () => resolve(null);
            }),
          Component: () => <p>slow</p>,
        },
      ],
      { initialEntries: ['/detail/1'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('detail 1')).toBeInTheDocument();
    const before = renders;

    let going: Promise<void> | undefined;
    act(() => {
      going = router.navigate('/slow');
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(router.state.navigation.state).toBe('loading');
    expect(renders).toBe(before);

    await act(async () => {
      release();
      await going;
    });
    expect(await screen.findByText('slow')).toBeInTheDocument();

    await act(async () => {
      await router.navigate('/detail/2');
    });
    expect(await screen.findByText('detail 2')).toBeInTheDocument();
  });
});

describe('prefetchLoader', () => {
  it('starts the page’s queries with the route’s params and query and lets the navigation go on', async () => {
    const seen: unknown[] = [];
    const loader = prefetchLoader(() =>
      Promise.resolve((params, search) => {
        seen.push(params, search.get('tab'));
      }),
    );
    const router = createMemoryRouter(
      [
        { path: '/', Component: () => <p>home</p> },
        { path: '/design/:idParam', loader, Component: () => <p>design</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await act(async () => {
      await router.navigate('/design/id=7?tab=2');
    });
    expect(await screen.findByText('design')).toBeInTheDocument();
    await waitFor(() => {
      expect(seen).toEqual([{ idParam: 'id=7' }, '2']);
    });
  });
});
