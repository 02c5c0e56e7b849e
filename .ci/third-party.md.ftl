<#-- Kibitz's THIRD-PARTY.md, rendered by license-maven-plugin (see .ci/third-party, which runs it).
     dependencyMap: each library (a MavenProject) with the licence names its POM declares. -->
<#function licences names><#if names?size == 0><#return "**not declared in its POM**"></#if><#return names?join("; ")></#function>
<#function link p><#if p.url?has_content><#return "[" + p.name + "](" + p.url + ")"></#if><#return p.name></#function>
# Third-party libraries and data

Kibitz itself is licensed under the Apache License 2.0 (`LICENSE`). It is built on the libraries
below, each under its own licence, and its tests and benchmarks read the data sets listed after
them. This file is generated from the build (`.ci/third-party`, which runs
`license-maven-plugin`'s `aggregate-add-third-party` over every module); do not edit the library
table by hand, regenerate it after changing a dependency.

## Libraries

Every library the modules use, at any scope: the ones a Kibitz installation ships (compile and
runtime scope) and the ones only the build and tests use (JUnit, TestFX, Monocle, ArchUnit, JMH),
which are not shipped. Licence names are as each library's POM declares them.

| library | Maven coordinates | licence |
| --- | --- | --- |
<#assign count = 0/>
<#list dependencyMap as e>
<#assign p = e.getKey()/>
<#if p.groupId != "org.kibitz">
<#assign count = count + 1/>
| ${link(p)} | `${p.groupId}:${p.artifactId}:${p.version}` | ${licences(e.getValue())} |
</#if>
</#list>

${count} libraries.

OpenJFX is GPL 2.0 with the Classpath Exception, which lets Kibitz link to it and be distributed
under its own licence. JFreeSVG (the curve's SVG output) is under the GNU GPL version 3: Kibitz's
own code stays Apache 2.0, which the GPL 3 accepts, but a distribution that ships JFreeSVG's jar
is, as a whole, under the GPL 3's terms (`docs/decisions/0020-licence.md`).

## Data sets (test and benchmark input, not shipped)

The files in `testdata/`; `testdata/README.md` says what each file is and where it comes from.

| files | source | licence |
| --- | --- | --- |
| `xiangqi/pgn/ccpd-tournaments-big5.pgn` | Chinese Chess Practical Dataset by Yu-Han Tseng and Bo-Nian Chen (2026), [Yvonne761/Chinese-Chess-Practical-Dataset](https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset) | [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/); credit the authors where it is used |
| `xiangqi/xqf/eleeye-*`, `xiangqi/pgn/ccgc-*` | [xqbase/eleeye](https://github.com/xqbase/eleeye) (ElephantEye, by Huang Chen) | GNU LGPL 2.1 or later |
| `xiangqi/xqf/cchess-*` | [walker8088/cchess](https://github.com/walker8088/cchess) | GNU GPL 3.0 or later |
| `xiangqi/pgn/xqdb-*` | [maksimKorzh/wukong-xiangqi](https://github.com/maksimKorzh/wukong-xiangqi) | MIT |
| `chess/pgn/pychess-*` | [niklasf/python-chess](https://github.com/niklasf/python-chess) | GNU GPL 3.0 |
| `chess/pgn/Capablanca.pgn`, `tatamast22.pgn`, `WorldChamp1886.pgn` | [hlotze/pgn2tex](https://github.com/hlotze/pgn2tex) | none stated; records of historical games |
| `chess/perft.epd`, `xiangqi/perft.epd`, `tools/slurm-local.sh` | this project (counts computed with Stockfish and Fairy-Stockfish) | Apache 2.0, as the project |

## Programs the tests talk to (not shipped, not linked)

Debian packages `.ci/run` installs and the tests run as separate processes: Stockfish (GPL 3.0),
Fairy-Stockfish (GPL 3.0), Fairy-Max and MaxQi (GPL 2.0 or later, and Fairy-Max's own terms: Debian's copyright
file), GNU Chess (GPL 3.0), pgn-extract (GPL 3.0), Slurm (GPL 2.0) and MUNGE (GPL 3.0), Noto CJK
fonts (SIL OFL 1.1).
