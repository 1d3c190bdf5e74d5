<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>selfprobe</arg>
  <arg>-i</arg>
  <arg>1</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="0" ratio="46.02272727272727" trace-length="2025" signature-length="44" messages-matched="8" messages-unreceived="2"/>
 <sites>
  <site id="0" module="selfprobe" offset="4565" function="main" file="selfprobe.c" line="22"/>
  <site id="1" module="selfprobe" offset="5144" function="irr_clock" file="common.h" line="36"/>
  <site id="2" module="selfprobe" offset="5379" function="main" file="selfprobe.c" line="43"/>
  <site id="3" module="selfprobe" offset="5422" function="main" file="selfprobe.c" line="44"/>
  <site id="4" module="selfprobe" offset="5477" function="main" file="selfprobe.c" line="49"/>
  <site id="5" module="selfprobe" offset="6109" function="main" file="selfprobe.c" line="55"/>
  <site id="6" module="selfprobe" offset="6320" function="main" file="selfprobe.c" line="59"/>
  <site id="7" module="selfprobe" offset="5552" function="main" file="selfprobe.c" line="63"/>
  <site id="8" module="selfprobe" offset="5632" function="main" file="selfprobe.c" line="73"/>
  <site id="9" module="selfprobe" offset="5687" function="irr_clock" file="common.h" line="36"/>
  <site id="10" module="selfprobe" offset="5742" function="main" file="selfprobe.c" line="80"/>
  <site id="11" module="selfprobe" offset="5794" function="main" file="selfprobe.c" line="82"/>
  <site id="12" module="selfprobe" offset="5851" function="main" file="selfprobe.c" line="89"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="2001" time-ns="68497830" compute-ns="1006590" mpi-ns="56827442" per-event-ns="52" comms="0 -"/>
  <rank id="1" class="1" events="24" time-ns="68667432" compute-ns="188539" mpi-ns="58186373" per-event-ns="0" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0" program="0" events="22" length="22" time-ns="6.849783e+07">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="12782" max="12782" shift="52"/>
   <duration min="56229774" max="56229774"/>
  </symbol>
  <symbol id="1" call="MPI_Barrier" comm="0" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="10287" min="10287" max="10287" shift="52" buckets="663:1"/>
   <duration min="19697" max="19697"/>
  </symbol>
  <symbol id="2" call="MPI_Isend" comm="0" tag="115" dtsize="1" site="2" prev-site="1" occurrences="1" match="0">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="2900" bytes="2900"/>
   <compute min="10217" max="10217" shift="52"/>
   <duration min="460449" max="460449"/>
  </symbol>
  <symbol id="3" call="MPI_Isend" comm="0" tag="115" dtsize="1" site="3" prev-site="2" occurrences="1" match="1">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="2900" bytes="2900"/>
   <compute min="25285" max="25285" shift="52"/>
   <duration min="16982" max="16982"/>
  </symbol>
  <symbol id="4" call="MPI_Iprobe" comm="0" tag="-1" site="4" prev-site="3" occurrences="1" match="0">
   <peer kind="rel" value="0"/>
   <side role="member" flags="true pinned" events="1" count="0" rbytes="2900"/>
   <compute min="8443" max="8443" shift="52"/>
   <duration min="8526" max="8526"/>
  </symbol>
  <symbol id="5" call="MPI_Recv" comm="0" tag="115" dtsize="1" site="5" prev-site="4" occurrences="1" match="0">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="4096" bytes="4096" rbytes="2900"/>
   <compute min="3164" max="3164" shift="52"/>
   <duration min="1223" max="1223"/>
  </symbol>
  <symbol id="6" call="MPI_Isend" comm="0" tag="117" dtsize="1" site="6" prev-site="5" occurrences="1" match="2">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="8" bytes="8"/>
   <compute min="37838" max="37838" shift="52"/>
   <duration min="14517" max="14517"/>
  </symbol>
  <symbol id="7" call="MPI_Iprobe" comm="0" tag="-1" site="4" prev-site="6" occurrences="1" match="2">
   <peer kind="rel" value="0"/>
   <side role="member" flags="true pinned" events="1" count="0" rbytes="8"/>
   <compute min="609" max="609" shift="52"/>
   <duration min="81" max="81"/>
  </symbol>
  <symbol id="8" call="MPI_Recv" comm="0" tag="117" dtsize="1" site="7" prev-site="4" occurrences="1" match="2">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="8" bytes="8" rbytes="8"/>
   <compute mean="218" min="218" max="218" shift="52" buckets="384:1"/>
   <duration min="110" max="110"/>
  </symbol>
  <symbol id="9" call="MPI_Iprobe" comm="0" tag="-1" site="4" prev-site="7" occurrences="1" polls="1" match="3">
   <peer kind="rel" value="1"/>
   <side role="member" flags="true pinned" events="1" count="0" rbytes="2900"/>
   <compute mean="2493" min="2493" max="2493" shift="52" buckets="561:1"/>
   <duration min="80" max="80"/>
  </symbol>
  <symbol id="10" call="MPI_Recv" comm="0" tag="115" dtsize="1" site="5" prev-site="4" occurrences="1" match="3">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="4096" bytes="4096" rbytes="2900"/>
   <compute min="108" max="108" shift="52"/>
   <duration min="2405" max="2405"/>
  </symbol>
  <symbol id="11" call="MPI_Isend" comm="0" tag="117" dtsize="1" site="6" prev-site="5" occurrences="1" ws="69632" ws-samples="1" match="4">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="8" bytes="8"/>
   <compute min="42747" max="42747" shift="52"/>
   <compute-cpu min="38915" max="38915" shift="52"/>
   <duration min="3466" max="3466"/>
  </symbol>
  <symbol id="12" call="MPI_Iprobe" comm="0" tag="-1" site="4" prev-site="6" occurrences="1" polls="1978" match="5">
   <peer kind="rel" value="1"/>
   <side role="member" flags="true pinned" events="1" count="0" rbytes="8"/>
   <compute min="869510" max="869510" shift="52"/>
   <duration min="101" max="101"/>
  </symbol>
  <symbol id="13" call="MPI_Recv" comm="0" tag="117" dtsize="1" site="7" prev-site="4" occurrences="1" match="5">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="8" bytes="8" rbytes="8"/>
   <compute min="449" max="449" shift="52"/>
   <duration min="1091" max="1091"/>
  </symbol>
  <symbol id="14" call="MPI_Test" comm="0" site="8" prev-site="7" occurrences="1">
   <side role="member" flags="true" events="1" count="0"/>
   <link dist="4" index="0" call="MPI_Isend"/>
   <compute min="2253" max="2253" shift="52"/>
   <duration min="10139" max="10139"/>
  </symbol>
  <symbol id="15" call="MPI_Test" comm="0" site="8" prev-site="8" occurrences="1">
   <side role="member" flags="true" events="1" count="0"/>
   <link dist="3" index="0" call="MPI_Isend"/>
   <compute mean="4346" min="4346" max="4346" shift="52" buckets="602:1"/>
   <duration min="100" max="100"/>
  </symbol>
  <symbol id="16" call="MPI_Test" comm="0" site="8" prev-site="8" occurrences="1">
   <side role="member" flags="true" events="1" count="0"/>
   <link dist="2" index="0" call="MPI_Isend"/>
   <compute mean="158" min="158" max="158" shift="52" buckets="362:1"/>
   <duration min="51" max="51"/>
  </symbol>
  <symbol id="17" call="MPI_Test" comm="0" site="8" prev-site="8" occurrences="1">
   <side role="member" flags="true" events="1" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute min="48" max="48" shift="52"/>
   <duration min="40" max="40"/>
  </symbol>
  <symbol id="18" call="MPI_Barrier" comm="0" site="9" prev-site="8" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="258" max="258" shift="52"/>
   <duration min="12334" max="12334"/>
  </symbol>
  <symbol id="19" call="MPI_Isend" comm="0" tag="5" dtsize="1" site="10" prev-site="9" occurrences="1">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="8" bytes="8"/>
   <compute min="1510" max="1510" shift="52"/>
   <duration min="1112" max="1112"/>
  </symbol>
  <symbol id="20" call="MPI_Reduce" comm="0" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="1" bytes="8" rbytes="8"/>
   <compute mean="1622" min="1622" max="1622" shift="52" buckets="528:1"/>
   <duration min="45164" max="45164"/>
  </symbol>
  <symbol id="21" call="MPI_Finalize" comm="0" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="75153" max="75153" shift="52"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="22" time-ns="1707166">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
  </block>
 </class>
 <class id="1" ranks="1" program="1" events="22" length="22" time-ns="68667432">
  <symbol id="22" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="10430" max="10430"/>
   <duration min="56460945" max="56460945"/>
  </symbol>
  <symbol id="23" call="MPI_Barrier" comm="0" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="13546" max="13546"/>
   <duration min="1137853" max="1137853"/>
  </symbol>
  <symbol id="24" call="MPI_Isend" comm="0" tag="115" dtsize="1" site="2" prev-site="1" occurrences="1" match="6">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="2900" bytes="2900"/>
   <compute min="13590" max="13590"/>
   <duration min="502387" max="502387"/>
  </symbol>
  <symbol id="25" call="MPI_Isend" comm="0" tag="115" dtsize="1" site="3" prev-site="2" occurrences="1" match="3">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="2900" bytes="2900"/>
   <compute min="26770" max="26770"/>
   <duration min="10940" max="10940"/>
  </symbol>
  <symbol id="26" call="MPI_Iprobe" comm="0" tag="-1" site="4" prev-site="3" occurrences="1" match="6">
   <peer kind="rel" value="0"/>
   <side role="member" flags="true pinned" events="1" count="0" rbytes="2900"/>
   <compute min="6873" max="6873"/>
   <duration min="6422" max="6422"/>
  </symbol>
  <symbol id="27" call="MPI_Recv" comm="0" tag="115" dtsize="1" site="5" prev-site="4" occurrences="1" match="6">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="4096" bytes="4096" rbytes="2900"/>
   <compute min="2415" max="2415"/>
   <duration min="1132" max="1132"/>
  </symbol>
  <symbol id="28" call="MPI_Isend" comm="0" tag="117" dtsize="1" site="6" prev-site="5" occurrences="1" match="7">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="8" bytes="8"/>
   <compute min="38111" max="38111"/>
   <duration min="18194" max="18194"/>
  </symbol>
  <symbol id="29" call="MPI_Iprobe" comm="0" tag="-1" site="4" prev-site="6" occurrences="1" match="7">
   <peer kind="rel" value="0"/>
   <side role="member" flags="true pinned" events="1" count="0" rbytes="8"/>
   <compute min="952" max="952"/>
   <duration min="180" max="180"/>
  </symbol>
  <symbol id="30" call="MPI_Recv" comm="0" tag="117" dtsize="1" site="7" prev-site="4" occurrences="1" match="7">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="8" bytes="8" rbytes="8"/>
   <compute min="331" max="331"/>
   <duration min="190" max="190"/>
  </symbol>
  <symbol id="31" call="MPI_Iprobe" comm="0" tag="-1" site="4" prev-site="7" occurrences="1" polls="1" match="1">
   <peer kind="rel" value="-1"/>
   <side role="member" flags="true pinned" events="1" count="0" rbytes="2900"/>
   <compute min="3737" max="3737"/>
   <duration min="70" max="70"/>
  </symbol>
  <symbol id="32" call="MPI_Recv" comm="0" tag="115" dtsize="1" site="5" prev-site="4" occurrences="1" match="1">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="4096" bytes="4096" rbytes="2900"/>
   <compute min="271" max="271"/>
   <duration min="5991" max="5991"/>
  </symbol>
  <symbol id="33" call="MPI_Isend" comm="0" tag="117" dtsize="1" site="6" prev-site="5" occurrences="1" ws="65536" ws-samples="1" match="5">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="8" bytes="8"/>
   <compute min="44903" max="44903"/>
   <compute-cpu min="40571" max="40571"/>
   <duration min="4699" max="4699"/>
  </symbol>
  <symbol id="34" call="MPI_Iprobe" comm="0" tag="-1" site="4" prev-site="6" occurrences="1" polls="1" match="4">
   <peer kind="rel" value="-1"/>
   <side role="member" flags="true pinned" events="1" count="0" rbytes="8"/>
   <compute min="8787" max="8787"/>
   <duration min="70" max="70"/>
  </symbol>
  <symbol id="35" call="MPI_Recv" comm="0" tag="117" dtsize="1" site="7" prev-site="4" occurrences="1" match="4">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="8" bytes="8" rbytes="8"/>
   <compute min="601" max="601"/>
   <duration min="1342" max="1342"/>
  </symbol>
  <symbol id="36" call="MPI_Test" comm="0" site="8" prev-site="7" occurrences="1">
   <side role="member" flags="true" events="1" count="0"/>
   <link dist="4" index="0" call="MPI_Isend"/>
   <compute min="2114" max="2114"/>
   <duration min="7344" max="7344"/>
  </symbol>
  <symbol id="37" call="MPI_Test" comm="0" site="8" prev-site="8" occurrences="1">
   <side role="member" flags="true" events="1" count="0"/>
   <link dist="3" index="0" call="MPI_Isend"/>
   <compute min="6622" max="6622"/>
   <duration min="752" max="752"/>
  </symbol>
  <symbol id="38" call="MPI_Test" comm="0" site="8" prev-site="8" occurrences="1">
   <side role="member" flags="true" events="1" count="0"/>
   <link dist="2" index="0" call="MPI_Isend"/>
   <compute min="361" max="361"/>
   <duration min="240" max="240"/>
  </symbol>
  <symbol id="39" call="MPI_Test" comm="0" site="8" prev-site="8" occurrences="1">
   <side role="member" flags="true" events="1" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute min="200" max="200"/>
   <duration min="81" max="81"/>
  </symbol>
  <symbol id="40" call="MPI_Barrier" comm="0" site="9" prev-site="8" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="330" max="330"/>
   <duration min="5410" max="5410"/>
  </symbol>
  <symbol id="41" call="MPI_Isend" comm="0" tag="5" dtsize="1" site="10" prev-site="9" occurrences="1">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="8" bytes="8"/>
   <compute min="1924" max="1924"/>
   <duration min="1172" max="1172"/>
  </symbol>
  <symbol id="42" call="MPI_Reduce" comm="0" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <compute min="1463" max="1463"/>
   <duration min="20959" max="20959"/>
  </symbol>
  <symbol id="43" call="MPI_Finalize" comm="0" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="4208" max="4208"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="1" events="22" time-ns="1913967">
   <s ref="22"/>
   <s ref="23"/>
   <s ref="24"/>
   <s ref="25"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="35"/>
   <s ref="36"/>
   <s ref="37"/>
   <s ref="38"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
  </block>
 </class>
</signature>
