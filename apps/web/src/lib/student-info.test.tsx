import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStudent, ok, renderApp, requestsTo } from '@test/render-app';

describe('a photo whose signed address has expired', () => {
  it('asks the server for the student once and shows the fresh address', async () => {
    const student = makeStudent({ imageUrl: '/files/photo?expires=1&sig=old' });
    const fresh = { ...student, imageUrl: '/files/photo?expires=2&sig=new' };
    const { container, requests } = renderApp('/announcements', {
      student,
      api: {
        '/studentapi/getinfo': () => ok({ success: true, studentData: fresh }),
        '/studentapi/announcements': () => ok({ success: true, data: [], nextPageNo: '' }),
      },
    });

    const photo = await waitFor(() => {
      const image = container.querySelector<HTMLImageElement>('img.avatar');
      expect(image).not.toBeNull();
      return image!;
    });
    expect(requestsTo(requests, '/studentapi/getinfo')).toHaveLength(0);

    fireEvent.error(photo);
    fireEvent.error(photo);

    await waitFor(() => expect(container.querySelector('img.avatar')).toHaveAttribute('src', fresh.imageUrl));
    expect(requestsTo(requests, '/studentapi/getinfo')).toHaveLength(1);
  });
});
