import { describe, expect, it } from 'vitest';
import { createMemoryBackend, createStorage, storageKeys, type StorageBackend } from '../../src/services/storage';
import type { UserInfo } from '../../src/contract/account';

const userInfo: UserInfo = {
  userId: 'u1',
  email: 'a@b.co',
  name: 'Ann',
  roles: [{ code: 'admin', level: 1 }],
  isAdmin: true,
  syncTypes: [{ userId: 'u1', syncType: 'auto' }],
  planGroup: 'pro',
};

describe('storage', () => {
  it('covers every SPEC §3 key', () => {
    expect([...storageKeys].sort()).toEqual(
      ['accessToken', 'extensionConfig', 'extensionId', 'language', 'menuChangeUser', 'planGroup', 'privacyMode', 'selectedMember', 'syncType', 'userInfo'].sort(),
    );
  });

  it('round-trips every key and reads absent keys as null', () => {
    const storage = createStorage(createMemoryBackend());
    expect(storage.get('accessToken')).toBeNull();
    storage.set('accessToken', 'tok');
    storage.set('userInfo', userInfo);
    storage.set('planGroup', 'pro');
    storage.set('syncType', 'manual');
    storage.set('selectedMember', 'u2');
    storage.set('menuChangeUser', 'u3');
    storage.set('extensionConfig', { chatServiceId: 'cs-1' });
    storage.set('extensionId', 'lbbmbjlnmlmgipbkhjejnbbcmhbklhlp');
    storage.set('language', 'ar');
    expect(storage.get('accessToken')).toBe('tok');
    expect(storage.get('userInfo')).toEqual(userInfo);
    expect(storage.get('planGroup')).toBe('pro');
    expect(storage.get('syncType')).toBe('manual');
    expect(storage.get('selectedMember')).toBe('u2');
    expect(storage.get('menuChangeUser')).toBe('u3');
    expect(storage.get('extensionConfig')).toEqual({ chatServiceId: 'cs-1' });
    expect(storage.get('extensionId')).toBe('lbbmbjlnmlmgipbkhjejnbbcmhbklhlp');
    expect(storage.get('language')).toBe('ar');
  });

  it('stores strings verbatim and objects as JSON', () => {
    const backend = createMemoryBackend();
    const storage = createStorage(backend);
    storage.set('accessToken', 'tok');
    storage.set('extensionConfig', { chatServiceId: null });
    expect(backend.dump()).toEqual({ accessToken: 'tok', extensionConfig: '{"chatServiceId":null}' });
  });

  it('removes a key', () => {
    const storage = createStorage(createMemoryBackend());
    storage.set('accessToken', 'tok');
    storage.remove('accessToken');
    expect(storage.get('accessToken')).toBeNull();
  });

  it('reads corrupt JSON as null', () => {
    const storage = createStorage(createMemoryBackend({ userInfo: '{not json', extensionConfig: 'null' }));
    expect(storage.get('userInfo')).toBeNull();
    expect(storage.get('extensionConfig')).toBeNull();
  });

  it('reads values of the wrong shape as null', () => {
    const storage = createStorage(
      createMemoryBackend({
        userInfo: JSON.stringify({ userId: 'u1' }),
        extensionConfig: JSON.stringify({ chatServiceId: 42 }),
        syncType: 'sometimes',
        language: 'fr',
        extensionId: 'not-an-extension-id',
        accessToken: '',
      }),
    );
    expect(storage.get('userInfo')).toBeNull();
    expect(storage.get('extensionConfig')).toBeNull();
    expect(storage.get('syncType')).toBeNull();
    expect(storage.get('language')).toBeNull();
    expect(storage.get('extensionId')).toBeNull();
    expect(storage.get('accessToken')).toBeNull();
  });

  it('never throws when the backend does', () => {
    const broken: StorageBackend = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const storage = createStorage(broken);
    expect(() => storage.set('accessToken', 'tok')).not.toThrow();
    expect(storage.get('accessToken')).toBeNull();
    expect(() => storage.remove('accessToken')).not.toThrow();
  });

  it('uses window.localStorage by default', () => {
    window.localStorage.clear();
    const storage = createStorage();
    storage.set('language', 'zh-CN');
    expect(window.localStorage.getItem('language')).toBe('zh-CN');
    expect(createStorage().get('language')).toBe('zh-CN');
    window.localStorage.clear();
  });
});
