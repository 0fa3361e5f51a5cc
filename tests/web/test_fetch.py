"""WebFetch done by cursord (`PageFetcher`, `AddressPolicy`, `Extractor`) against a real page server on
loopback: what is fetched and read, and what is refused (non-public addresses, at every redirect, checked
on the addresses actually connected to), bounded in size and time.

Tests that read a page run the extraction in a worker thread, so they keep the real clock (a thread is not
a trio task, and the autojump clock would jump past it); the rest run on the autojump clock.
"""

from __future__ import annotations

import contextlib
import gzip
import ipaddress
from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs
import httpcore
import pytest
import trio

from cursord.testing.fake_providers import Reply, Send, open_fake_server
from cursord.testing.fake_web import html_page, pages, redirect
from cursord.testing.harness import wait_until
from cursord.web import AddressPolicy, GuardedBackend, PageFetcher, WebAccess, WebToolError
from cursord.web.addresses import Address
from cursord.web.extract import Extractor

LOOPBACK = (ipaddress.ip_network("127.0.0.1/32"),)
PARAGRAPHS = [
    "Version 2 reads pages as Markdown and keeps its links, so the agent can follow them to the next page it needs.",
    "The extraction drops menus, footers and scripts, and keeps headings, lists and tables in their order.",
    "It is fast enough to run on every page the agent fetches, in a worker thread beside the daemon's own work.",
]
ARTICLE = html_page("Release notes", PARAGRAPHS)
REAL_CLOCK_SECONDS = 30


@attrs.define
class FakeResolver:
    """Names to addresses, as a DNS server would answer (one answer per name, or a sequence of answers)."""

    names: dict[str, list[list[str]]]
    asked: list[str] = attrs.field(factory=list)

    async def resolve(self, host: str, port: int) -> Sequence[Address]:
        self.asked.append(host)
        answers = self.names[host]
        answer = answers.pop(0) if len(answers) > 1 else answers[0]
        return [ipaddress.ip_address(a) for a in answer]


def fetcher(resolver: FakeResolver | None = None, allowed: tuple = (), **bounds: float) -> PageFetcher:
    kwargs: dict = {"policy": AddressPolicy(allowed), **bounds}
    if resolver is not None:
        kwargs["resolver"] = resolver
    return PageFetcher(**kwargs)


async def test_an_allowed_page_is_read_as_markdown_without_its_boilerplate() -> None:
    resolver = FakeResolver({"docs.test": [["127.0.0.1"]]})
    with trio.fail_after(REAL_CLOCK_SECONDS):
        async with open_fake_server(pages({"/notes": ARTICLE})) as site:
            web = WebAccess(fetcher=fetcher(resolver, LOOPBACK))
            url, markdown = await web.fetch(f"http://docs.test:{site.port}/notes")
    assert url == f"http://docs.test:{site.port}/notes"
    assert "# Release notes" in markdown
    assert all(p in markdown for p in PARAGRAPHS)
    assert "Copyright" not in markdown and "track()" not in markdown
    assert site.requests[0].headers["host"] == f"docs.test:{site.port}"  # the name, though the address was dialled


@pytest.mark.parametrize(
    ("name", "answer", "said"),
    [
        ("127.0.0.1", None, "127.0.0.1 is a loopback address"),
        ("intranet.test", ["10.1.2.3"], "intranet.test resolves to 10.1.2.3, a private address"),
        ("metadata.test", ["169.254.169.254"], "metadata.test resolves to 169.254.169.254, a link-local address"),
        ("mixed.test", ["93.184.215.14", "127.0.0.1"], "mixed.test resolves to 127.0.0.1, a loopback address"),
        (
            "mapped.test",
            ["::ffff:127.0.0.1"],
            # as this Python spells a mapped address
            f"mapped.test resolves to {ipaddress.ip_address('::ffff:127.0.0.1')}, a loopback address",
        ),
    ],
)
async def test_non_public_addresses_are_refused_before_any_connection(
    name: str, answer: list[str] | None, said: str, autojump_clock: object
) -> None:
    resolver = FakeResolver({name: [answer]} if answer else {})
    async with open_fake_server(pages({"/": ARTICLE})) as site:
        with pytest.raises(WebToolError) as caught:
            await fetcher(resolver).fetch(f"http://{name}:{site.port}/")
    assert str(caught.value) == f"refused to fetch http://{name}:{site.port}/: {said}"
    assert site.requests == []


async def test_every_redirect_hop_is_checked(autojump_clock: object) -> None:
    resolver = FakeResolver({"site.test": [["127.0.0.1"]], "inside.test": [["127.0.0.2"]]})
    site_pages = pages({"/go": redirect("/next"), "/next": redirect("http://inside.test:80/admin")})
    async with open_fake_server(site_pages) as site:
        with pytest.raises(WebToolError) as caught:
            await fetcher(resolver, LOOPBACK).fetch(f"http://site.test:{site.port}/go")
    assert str(caught.value) == (
        "refused to fetch http://inside.test:80/admin: inside.test resolves to 127.0.0.2, a loopback address"
    )
    assert [r.path for r in site.requests] == ["/go", "/next"]


async def test_redirects_are_followed_to_the_page() -> None:
    resolver = FakeResolver({"site.test": [["127.0.0.1"]]})
    with trio.fail_after(REAL_CLOCK_SECONDS):
        async with open_fake_server(pages({"/old": redirect("/notes", 301), "/notes": ARTICLE})) as site:
            url, markdown = await WebAccess(fetcher=fetcher(resolver, LOOPBACK)).fetch(f"http://site.test:{site.port}/old")
    assert url == f"http://site.test:{site.port}/notes"
    assert "keeps its links" in markdown


async def test_too_many_redirects_stop(autojump_clock: object) -> None:
    async with open_fake_server(pages({"/loop": redirect("/loop")})) as site:
        with pytest.raises(WebToolError, match="more than 5 redirects"):
            await fetcher(allowed=LOOPBACK).fetch(f"http://127.0.0.1:{site.port}/loop")
    assert len(site.requests) == 6


@attrs.define
class RecordingBackend(httpcore.AsyncNetworkBackend):
    dialled: list[str] = attrs.field(factory=list)

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,  # noqa: ASYNC109
                          socket_options: Iterable[object] | None = None) -> httpcore.AsyncNetworkStream:
        self.dialled.append(host)
        raise httpcore.ConnectError("refused by the test")


async def test_the_connection_goes_to_the_checked_address_not_a_second_lookup(autojump_clock: object) -> None:
    """DNS rebinding: a second lookup could answer 127.0.0.1; the backend dials what it checked."""
    resolver = FakeResolver({"rebind.test": [["93.184.215.14"], ["127.0.0.1"]]})
    inner = RecordingBackend()
    backend = GuardedBackend(AddressPolicy(), resolver, inner)
    with pytest.raises(httpcore.ConnectError):
        await backend.connect_tcp("rebind.test", 443)
    assert inner.dialled == ["93.184.215.14"]
    assert resolver.asked == ["rebind.test"]


async def test_a_long_page_is_cut_at_the_limit_and_says_so() -> None:
    long_page = html_page("Long", ["word " * 200] * 50)
    with trio.fail_after(REAL_CLOCK_SECONDS):
        async with open_fake_server(pages({"/long": long_page})) as site:
            web = WebAccess(fetcher=fetcher(allowed=LOOPBACK, max_bytes=4096))
            _, markdown = await web.fetch(f"http://127.0.0.1:{site.port}/long")
    assert markdown.endswith("[cursord read only the first 4096 bytes of this page]")


async def test_a_gzip_body_is_decoded_within_the_limit(autojump_clock: object) -> None:
    text = b"plain " * 10_000
    packed = gzip.compress(text)
    reply = Reply(200, (("content-type", "text/plain"), ("content-encoding", "gzip")), (Send(packed),))
    async with open_fake_server(pages({"/t": reply})) as site:
        page = await fetcher(allowed=LOOPBACK, max_bytes=1000).fetch(f"http://127.0.0.1:{site.port}/t")
    assert (page.body, page.truncated) == (text[:1000], True)


async def test_a_page_that_never_answers_times_out(autojump_clock: object) -> None:
    async with open_fake_server(lambda request: Reply.hang()) as site:
        start = trio.current_time()
        with pytest.raises(WebToolError, match=r"took longer than 9 s"):
            await fetcher(allowed=LOOPBACK, seconds=9).fetch(f"http://127.0.0.1:{site.port}/")
        assert trio.current_time() - start == pytest.approx(9)


async def test_binary_content_and_http_errors_are_clear(autojump_clock: object) -> None:
    pdf = Reply(200, (("content-type", "application/pdf"),), (Send(b"%PDF-1.7"),))
    async with open_fake_server(pages({"/doc.pdf": pdf})) as site:
        web = WebAccess(fetcher=fetcher(allowed=LOOPBACK))
        with pytest.raises(WebToolError, match=r"is application/pdf, not a page WebFetch can read"):
            await web.fetch(f"http://127.0.0.1:{site.port}/doc.pdf")
        with pytest.raises(WebToolError, match=r"/missing answered HTTP 404"):
            await web.fetch(f"http://127.0.0.1:{site.port}/missing")
    with pytest.raises(WebToolError, match="not an http or https URL"):
        await fetcher().fetch("file:///etc/passwd")
    with pytest.raises(WebToolError, match="credentials"):
        await fetcher().fetch("http://user:pw@example.com/")


@pytest.mark.parametrize(
    ("address", "allowed", "kind"),
    [
        ("8.8.8.8", (), None),
        ("2001:4860:4860::8888", (), None),
        ("100.64.0.1", (), "a non-public address"),  # carrier-grade NAT
        ("fe80::1", (), "a link-local address"),
        ("fd00::5", (), "a private address"),
        ("64:ff9b::a01:203", (), "a private address"),  # NAT64 of 10.1.2.3
        ("2002:7f00:1::", (), "a loopback address"),  # 6to4 of 127.0.0.1
        ("224.0.0.1", (), "a multicast address"),
        ("10.1.2.3", (ipaddress.ip_network("10.1.0.0/16"),), None),
        ("::ffff:10.1.2.3", (ipaddress.ip_network("10.1.0.0/16"),), None),
        # what `ipaddress.is_global` passes on Python 3.11: the table refuses them on every version
        ("::7f00:1", (), "a non-public address"),  # IPv4-compatible 127.0.0.1
        ("::ffff:0:7f00:1", (), "a non-public address"),  # IPv4-translated 127.0.0.1
        ("64:ff9b:1::a01:203", (), "a private address"),  # local-use NAT64
        ("fec0::1", (), "a private address"),  # site-local
        ("192.0.0.8", (), "a non-public address"),  # IPv4 dummy address
        ("2001::1", (), "a non-public address"),  # Teredo
        ("::", (), "a non-public address"),
        ("4000::1", (), "a non-public address"),  # outside global unicast
        ("2002:808:808::", (), None),  # 6to4 of a public address
        ("64:ff9b::808:808", (), None),  # NAT64 of a public address
    ],
)
def test_the_address_policy(address: str, allowed: tuple, kind: str | None) -> None:
    assert AddressPolicy(allowed).refusal(ipaddress.ip_address(address)) == kind


async def test_a_url_as_the_model_writes_it_goes_out_in_ascii(autojump_clock: object) -> None:
    """A non-ASCII path and host (the model's `.../wiki/München`) used to raise TypeError in httpcore."""
    resolver = FakeResolver({"xn--mnchen-3ya.test": [["127.0.0.1"]]})
    text = Reply(200, (("content-type", "text/plain"),), (Send(b"Stadt"),))
    async with open_fake_server(pages({"/wiki/M%C3%BCnchen": text})) as site:
        page = await fetcher(resolver, LOOPBACK).fetch(f"http://München.test:{site.port}/wiki/München?q=ä b")
    sent = "/wiki/M%C3%BCnchen?q=%C3%A4%20b"
    assert page.body == b"Stadt" and page.url == f"http://xn--mnchen-3ya.test:{site.port}{sent}"
    assert [r.path for r in site.requests] == [sent]
    assert resolver.asked == ["xn--mnchen-3ya.test"]


async def test_a_redirect_to_raw_bytes_is_followed_percent_encoded(autojump_clock: object) -> None:
    """`Location: /caf\\xe9` (not UTF-8) and `Location: /café` (UTF-8) each reach their page."""
    text = Reply(200, (("content-type", "text/plain"),), (Send(b"menu"),))
    utf8 = "/café".encode().decode("latin-1")  # the header's bytes, as the fake server sends a str
    routes = {"/latin": redirect("/caf\xe9"), "/utf8": redirect(utf8), "/caf%E9": text, "/caf%C3%A9": text}
    async with open_fake_server(pages(routes)) as site:
        for start in ("/latin", "/utf8"):
            page = await fetcher(allowed=LOOPBACK).fetch(f"http://127.0.0.1:{site.port}{start}")
            assert page.body == b"menu"
    assert [r.path for r in site.requests] == ["/latin", "/caf%E9", "/utf8", "/caf%C3%A9"]


@pytest.mark.parametrize("url", ["http://a..b/", "http://bad host/", "http://-x.münchen/", "http://x:99999/"])
async def test_a_url_that_cannot_be_written_in_ascii_is_a_clear_error(url: str, autojump_clock: object) -> None:
    with pytest.raises(WebToolError, match="not a valid"):
        await fetcher().fetch(url)


@pytest.mark.parametrize("charset", ["idna", "punycode", "rot13", "no-such-charset"])
async def test_a_page_in_a_charset_that_is_no_text_encoding_reads_as_utf8(
    charset: str, autojump_clock: object
) -> None:
    """`charset=idna` raised UnicodeError and `charset=punycode` UnicodeDecodeError out of the tool."""
    reply = Reply(200, (("content-type", f"text/plain; charset={charset}"),), (Send("Grüße".encode()),))
    async with open_fake_server(pages({"/t": reply})) as site:
        _, text = await WebAccess(fetcher=fetcher(allowed=LOOPBACK)).fetch(f"http://127.0.0.1:{site.port}/t")
    assert text == "Grüße"


async def test_a_body_that_drips_is_cut_off_by_the_fetch_deadline(autojump_clock: object) -> None:
    """One byte a second keeps every read short, but not the fetch."""
    drip = Reply(200, (("content-type", "text/plain"),), tuple(Send(b"x", delay=1.0) for _ in range(1000)))
    async with open_fake_server(pages({"/drip": drip})) as site:
        start = trio.current_time()
        with pytest.raises(WebToolError, match=r"took longer than 9 s"):
            await fetcher(allowed=LOOPBACK, seconds=9).fetch(f"http://127.0.0.1:{site.port}/drip")
        assert trio.current_time() - start == pytest.approx(9)


def spans_page(spans: int) -> Reply:
    """One paragraph of many `<span>`s: trafilatura's time grows faster than such a page."""
    html = ("<html><body><article><p>" + "<span>word</span> " * spans + "</p></article></body></html>").encode()
    return Reply(200, (("content-type", "text/html"),), (Send(html),))


def extraction_workers() -> list[int]:
    """This process's children that are extraction workers (Linux: /proc)."""
    pids = []
    for children in Path("/proc/self/task").glob("*/children"):
        for pid in children.read_text().split():
            with contextlib.suppress(OSError):
                if b"extract_worker.py" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    pids.append(int(pid))
    return pids


async def test_an_extraction_past_the_fetch_deadline_is_stopped() -> None:
    """The page arrives at once; reading it takes seconds of CPU, and the fetch's 1 s counts them."""
    with trio.fail_after(REAL_CLOCK_SECONDS):
        async with open_fake_server(pages({"/slow": spans_page(200_000)})) as site:
            web = WebAccess(fetcher=fetcher(allowed=LOOPBACK, seconds=1))
            with pytest.raises(WebToolError, match=r"did not finish in time; it was stopped"):
                await web.fetch(f"http://127.0.0.1:{site.port}/slow")
    assert extraction_workers() == []


async def test_a_cancelled_fetch_kills_its_extraction() -> None:
    with trio.fail_after(REAL_CLOCK_SECONDS):
        async with open_fake_server(pages({"/slow": spans_page(200_000)})) as site:
            web = WebAccess(fetcher=fetcher(allowed=LOOPBACK, seconds=600))
            async with trio.open_nursery() as nursery:
                nursery.start_soon(web.fetch, f"http://127.0.0.1:{site.port}/slow")
                await wait_until(lambda: bool(extraction_workers()), interval=0.01)
                nursery.cancel_scope.cancel()
    assert extraction_workers() == []  # killed, and reaped


async def test_a_page_waits_for_an_extraction_slot_within_its_deadline(autojump_clock: object) -> None:
    """Extractions run a few at a time; a page that waits for a slot waits on its fetch's clock."""
    web = WebAccess(fetcher=fetcher(allowed=LOOPBACK, seconds=9), extractor=Extractor(trio.CapacityLimiter(1)))
    web.extractor.limiter.acquire_on_behalf_of_nowait("another page")  # the one slot, taken
    async with open_fake_server(pages({"/notes": ARTICLE})) as site:
        start = trio.current_time()
        with pytest.raises(WebToolError, match=r"did not finish in time"):
            await web.fetch(f"http://127.0.0.1:{site.port}/notes")
        assert trio.current_time() - start == pytest.approx(9)


async def test_what_reaches_the_extractor_is_capped_and_said_to_be() -> None:
    with trio.fail_after(REAL_CLOCK_SECONDS):
        async with open_fake_server(pages({"/long": html_page("Long", ["word " * 200] * 50)})) as site:
            web = WebAccess(fetcher=fetcher(allowed=LOOPBACK), extractor=Extractor(max_bytes=4096))
            _, markdown = await web.fetch(f"http://127.0.0.1:{site.port}/long")
    assert markdown.endswith("[cursord read only the first 4096 bytes of this page]")
