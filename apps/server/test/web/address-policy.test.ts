import { describe, expect, it } from "vitest";
import { checkAddress } from "../../src/web/address-policy.js";

const strict = { allowLoopback: false };

describe("addresses a page fetch may reach", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["169.254.1.1", "link_local"],
    ["fe80::1", "link_local"],
    ["fc00::1", "unique_local"],
    ["fd12:3456::1", "unique_local"],
    ["fec0::1", "private"],
    ["100.64.0.1", "carrier_grade_nat"],
    ["100.127.255.254", "carrier_grade_nat"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.10", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.5", "reserved"],
    ["198.18.0.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["2001:db8::1", "reserved"],
    ["2001:2::1", "reserved"],
    ["169.254.169.254", "cloud_metadata"],
    ["100.100.100.200", "cloud_metadata"],
    ["168.63.129.16", "cloud_metadata"],
    ["fd00:ec2::254", "cloud_metadata"],
    // IPv6 forms that carry an IPv4 address are judged by it.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:192.168.0.1", "private"],
    ["::ffff:169.254.169.254", "cloud_metadata"],
    ["::ffff:0:10.0.0.1", "private"],
    ["::10.0.0.1", "private"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::10.0.0.1", "private"],
    ["64:ff9b::a9fe:a9fe", "cloud_metadata"],
    ["64:ff9b:1::1", "reserved"],
    ["2002:7f00:1::", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["2001:0:4136:e378::1", "reserved"],
    ["[::1]", "loopback"],
    ["localhost", "not_an_address"],
  ])("refuses %s (%s)", (address, range) => {
    expect(checkAddress(address, strict)).toMatchObject({ allowed: false, range });
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:81c::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("allows the public address %s", (address) => {
    expect(checkAddress(address, strict)).toMatchObject({ allowed: true });
  });

  it("allows loopback only when the policy says so, and nothing else private", () => {
    const local = { allowLoopback: true };
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
      expect(checkAddress(address, local).allowed).toBe(true);
    for (const address of ["10.0.0.1", "169.254.169.254", "fd00::1", "0.0.0.0"])
      expect(checkAddress(address, local).allowed).toBe(false);
  });

  it("names the range in words", () => {
    expect(checkAddress("169.254.169.254", strict)).toEqual({
      allowed: false,
      address: "169.254.169.254",
      range: "cloud_metadata",
      label: "a cloud metadata service address",
    });
  });
});
