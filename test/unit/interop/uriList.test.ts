import * as assert from 'node:assert/strict';
import { filePathsOfUriList } from '../../../src/interop/uriList';

describe('files dropped on a view (text/uri-list)', () => {
  it('takes the local files, decoded, and skips comments and other schemes', () => {
    assert.deepEqual(filePathsOfUriList('# dragged from the Explorer\r\nfile:///home/me/My%20API.postman_collection.json\r\nhttps://example.com/x\nfile:///tmp/env.json\n'), ['/home/me/My API.postman_collection.json', '/tmp/env.json']);
  });

  it('is bounded: at most 50 files', () => {
    assert.equal(filePathsOfUriList('file:///tmp/a.http\n'.repeat(1000)).length, 50);
  });
});
