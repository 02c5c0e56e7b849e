package org.kibitz.core;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.engine.ProtocolPlugin;

/** The engine protocols available, in the order auto-detection tries them. */
public final class Protocols {

    private final List<ProtocolPlugin> protocols;

    public Protocols(Collection<ProtocolPlugin> protocols) {
        this.protocols = protocols.stream()
                // Not Comparator's combinators, whose lambdas every start made again (decision 0010).
                .sorted((a, b) -> a.probeOrder() != b.probeOrder() ? Integer.compare(a.probeOrder(), b.probeOrder())
                        : a.id().compareTo(b.id()))
                .toList();
    }

    /** Every protocol, in probe order. */
    public List<ProtocolPlugin> all() {
        return protocols;
    }

    public Optional<ProtocolPlugin> byId(String id) {
        return protocols.stream().filter(p -> p.id().equals(id)).findFirst();
    }
}
