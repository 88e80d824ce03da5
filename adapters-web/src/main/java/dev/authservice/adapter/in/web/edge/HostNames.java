package dev.authservice.adapter.in.web.edge;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The host names this service answers to ({@code auth.http.host-names}), on any port: a name, an IPv4 address or an
 * IPv6 address in brackets, as the {@code Host} header writes them. {@link #ANY} when none are configured.
 */
public final class HostNames {

    public static final HostNames ANY = new HostNames(Set.of());

    private static final String HOST = "[a-z0-9._-]+|\\[[0-9a-f:.]+\\]";
    private static final Pattern NAME = Pattern.compile(HOST);
    /** RFC 9110 §7.2: {@code uri-host [ ":" port ]}. */
    private static final Pattern HOST_HEADER = Pattern.compile("(" + HOST + ")(?::[0-9]{0,5})?");

    private final Set<String> names;

    private HostNames(Set<String> names) {
        this.names = names;
    }

    /** Throws {@link IllegalArgumentException} naming the first entry that is not a host name; needs one at least. */
    public static HostNames of(List<String> entries) {
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("names no host: list at least one, or leave it unset");
        }
        return new HostNames(entries.stream()
                .map(entry -> {
                    String name = entry.strip().toLowerCase(Locale.ROOT);
                    if (!NAME.matcher(name).matches()) {
                        throw new IllegalArgumentException("'" + entry + "' is not a host name: write a name or an "
                                + "address as a URL does, without scheme or port ([::1] for IPv6)");
                    }
                    return name;
                })
                .collect(Collectors.toUnmodifiableSet()));
    }

    boolean isAny() {
        return names.isEmpty();
    }

    /** Whether a {@code Host} header names one of these hosts, on any port; case does not count. */
    boolean admits(String hostHeader) {
        Matcher host = HOST_HEADER.matcher(hostHeader.strip().toLowerCase(Locale.ROOT));
        return host.matches() && names.contains(host.group(1));
    }
}
