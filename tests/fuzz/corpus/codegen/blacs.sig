<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>/app/blacs</arg>
  <arg>-n</arg>
  <arg>32</arg>
  <arg>-b</arg>
  <arg>8</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="3" ratio="1" trace-length="62" signature-length="62" messages-matched="16"/>
 <sites>
  <site id="0" module="/app/blacs" offset="4641" function="main" file="/app/x" line="140"/>
  <site id="1" module="/app/blacs" offset="5110" function="main" file="/app/x" line="147"/>
  <site id="2" module="/app/blacs" offset="5277" function="irr_clock" file="/app/x" line="36"/>
  <site id="3" module="/app/blacs" offset="7852" function="BI_Asend" file="/app/x" line="66"/>
  <site id="4" module="/app/blacs" offset="5839" function="BI_Srecv" file="/app/x" line="71"/>
  <site id="5" module="/app/blacs" offset="6262" function="BI_Asend" file="/app/x" line="66"/>
  <site id="6" module="/app/blacs" offset="6711" function="BI_Asend" file="/app/x" line="66"/>
  <site id="7" module="/app/blacs" offset="7024" function="BI_BuffIsFree" file="/app/x" line="81"/>
  <site id="8" module="/app/blacs" offset="5526" function="BI_Srecv" file="/app/x" line="71"/>
  <site id="9" module="/app/blacs" offset="7222" function="irr_clock" file="/app/x" line="36"/>
  <site id="10" module="/app/blacs" offset="7289" function="main" file="/app/x" line="204"/>
  <site id="11" module="/app/blacs" offset="7320" function="main" file="/app/x" line="208"/>
  <site id="12" module="/app/blacs" offset="7345" function="main" file="/app/x" line="211"/>
  <site id="13" module="/app/blacs" offset="6032" function="BI_Asend" file="/app/x" line="66"/>
  <site id="14" module="/app/blacs" offset="6107" function="BI_Srecv" file="/app/x" line="71"/>
  <site id="15" module="/app/blacs" offset="7473" function="BI_Srecv" file="/app/x" line="71"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
  <comm id="1" gid="1292832255972218122" created-by="MPI_Comm_dup" parent-slot="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="33" time-ns="35434209" compute-ns="295590" mpi-ns="30882314" per-event-ns="0" comms="0 - 1"/>
  <rank id="1" class="1" events="29" time-ns="35408281" compute-ns="213430" mpi-ns="31232032" per-event-ns="0" comms="0 - 1"/>
 </ranks>
 <class id="0" ranks="0" program="0" events="33" length="33" time-ns="35434209">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="179378" max="179378"/>
   <duration min="30758208" max="30758208"/>
  </symbol>
  <symbol id="1" call="MPI_Comm_dup" comm="0" newcomm="2" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="7701" max="7701"/>
   <duration min="40621" max="40621"/>
  </symbol>
  <symbol id="2" call="MPI_Barrier" comm="0" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="23975" max="23975"/>
   <compute-cpu min="22964" max="22964"/>
   <duration min="8703" max="8703"/>
  </symbol>
  <symbol id="3" call="MPI_Isend" comm="2" tag="9976" dtsize="8" site="3" prev-site="2" occurrences="1" match="0">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="256" bytes="2048"/>
   <compute min="10226" max="10226"/>
   <duration min="8783" max="8783"/>
  </symbol>
  <symbol id="4" call="MPI_Recv" comm="2" tag="9977" dtsize="8" site="4" prev-site="3" occurrences="1" match="1">
   <peer kind="any"/>
   <side role="member" events="1" count="8" bytes="64" rbytes="64"/>
   <compute min="13930" max="13930"/>
   <duration min="491" max="491"/>
  </symbol>
  <symbol id="5" call="MPI_Isend" comm="2" tag="9978" dtsize="8" site="5" prev-site="4" occurrences="1" match="2">
   <peer kind="reply"/>
   <side role="member" events="1" count="8" bytes="64"/>
   <compute min="1382" max="1382"/>
   <duration min="120" max="120"/>
  </symbol>
  <symbol id="6" call="MPI_Isend" comm="2" tag="9979" dtsize="8" site="6" prev-site="5" occurrences="1" match="3">
   <peer kind="reply"/>
   <side role="member" events="1" count="0"/>
   <compute min="892" max="892"/>
   <duration min="60" max="60"/>
  </symbol>
  <symbol id="7" call="MPI_Testall" comm="0" site="7" prev-site="6" occurrences="2">
   <side role="member" flags="true" events="2" count="0"/>
   <link dist="3" index="0" call="MPI_Isend"/>
   <compute min="290" max="2263"/>
   <duration min="100" max="7441"/>
  </symbol>
  <symbol id="8" call="MPI_Testall" comm="0" site="7" prev-site="7" occurrences="2">
   <side role="member" flags="true" events="2" count="0"/>
   <link dist="2" index="0" call="MPI_Isend"/>
   <compute min="151" max="1252"/>
   <duration min="60" max="100"/>
  </symbol>
  <symbol id="9" call="MPI_Testall" comm="0" site="7" prev-site="7" occurrences="4">
   <side role="member" flags="true" events="4" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute mean="140.25" min="70" max="190" buckets="304:1 343:1 370:1 374:1"/>
   <duration mean="55" min="50" max="60" buckets="278:2 293:2"/>
  </symbol>
  <symbol id="10" call="MPI_Recv" comm="2" tag="9980" dtsize="8" site="8" prev-site="7" occurrences="1" match="4">
   <peer kind="reply"/>
   <side role="member" events="1" count="192" bytes="1536" rbytes="1536"/>
   <compute min="200" max="200"/>
   <duration min="13130" max="13130"/>
  </symbol>
  <symbol id="11" call="MPI_Recv" comm="2" tag="9981" dtsize="8" site="4" prev-site="8" occurrences="1" match="5">
   <peer kind="any"/>
   <side role="member" events="1" count="8" bytes="64" rbytes="64"/>
   <compute min="530" max="530"/>
   <duration min="171" max="171"/>
  </symbol>
  <symbol id="12" call="MPI_Isend" comm="2" tag="9982" dtsize="8" site="5" prev-site="4" occurrences="1" match="6">
   <peer kind="reply"/>
   <side role="member" events="1" count="8" bytes="64"/>
   <compute min="410" max="410"/>
   <duration min="80" max="80"/>
  </symbol>
  <symbol id="13" call="MPI_Isend" comm="2" tag="9983" dtsize="8" site="6" prev-site="5" occurrences="1" match="7">
   <peer kind="reply"/>
   <side role="member" events="1" count="40" bytes="320"/>
   <compute min="431" max="431"/>
   <duration min="2193" max="2193"/>
  </symbol>
  <symbol id="14" call="MPI_Testall" comm="0" site="7" prev-site="6" occurrences="2">
   <side role="member" flags="true" events="2" count="0"/>
   <link dist="2" index="0" call="MPI_Isend"/>
   <compute min="201" max="972"/>
   <duration min="80" max="120"/>
  </symbol>
  <symbol id="15" call="MPI_Isend" comm="2" tag="9984" dtsize="8" site="3" prev-site="7" occurrences="1" match="8">
   <peer kind="reply"/>
   <side role="member" events="1" count="128" bytes="1024"/>
   <compute min="2053" max="2053"/>
   <duration min="2234" max="2234"/>
  </symbol>
  <symbol id="16" call="MPI_Recv" comm="2" tag="9985" dtsize="8" site="4" prev-site="3" occurrences="1" match="9">
   <peer kind="any"/>
   <side role="member" events="1" count="8" bytes="64" rbytes="64"/>
   <compute min="480" max="480"/>
   <duration min="741" max="741"/>
  </symbol>
  <symbol id="17" call="MPI_Isend" comm="2" tag="9986" dtsize="8" site="5" prev-site="4" occurrences="1" match="10">
   <peer kind="reply"/>
   <side role="member" events="1" count="8" bytes="64"/>
   <compute min="261" max="261"/>
   <duration min="2323" max="2323"/>
  </symbol>
  <symbol id="18" call="MPI_Isend" comm="2" tag="9987" dtsize="8" site="6" prev-site="5" occurrences="1" match="11">
   <peer kind="reply"/>
   <side role="member" events="1" count="0"/>
   <compute min="331" max="331"/>
   <duration min="60" max="60"/>
  </symbol>
  <symbol id="19" call="MPI_Recv" comm="2" tag="9988" dtsize="8" site="8" prev-site="7" occurrences="1" match="12">
   <peer kind="reply"/>
   <side role="member" events="1" count="64" bytes="512" rbytes="512"/>
   <compute min="140" max="140"/>
   <duration min="3896" max="3896"/>
  </symbol>
  <symbol id="20" call="MPI_Recv" comm="2" tag="9989" dtsize="8" site="4" prev-site="8" occurrences="1" match="13">
   <peer kind="any"/>
   <side role="member" events="1" count="8" bytes="64" rbytes="64"/>
   <compute min="210" max="210"/>
   <duration min="241" max="241"/>
  </symbol>
  <symbol id="21" call="MPI_Isend" comm="2" tag="9990" dtsize="8" site="5" prev-site="4" occurrences="1" match="14">
   <peer kind="reply"/>
   <side role="member" events="1" count="8" bytes="64"/>
   <compute min="220" max="220"/>
   <duration min="120" max="120"/>
  </symbol>
  <symbol id="22" call="MPI_Isend" comm="2" tag="9991" dtsize="8" site="6" prev-site="5" occurrences="1" match="15">
   <peer kind="reply"/>
   <side role="member" events="1" count="0"/>
   <compute min="190" max="190"/>
   <duration min="60" max="60"/>
  </symbol>
  <symbol id="23" call="MPI_Barrier" comm="0" site="9" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="140" max="140"/>
   <duration min="19039" max="19039"/>
  </symbol>
  <symbol id="24" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="10" prev-site="9" occurrences="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="1312" max="1312"/>
   <duration min="10786" max="10786"/>
  </symbol>
  <symbol id="25" call="MPI_Comm_free" comm="2" site="11" prev-site="10" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="44556" max="44556"/>
   <compute-cpu min="15472" max="15472"/>
   <duration min="2133" max="2133"/>
  </symbol>
  <symbol id="26" call="MPI_Finalize" comm="0" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="952" max="952"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="33" time-ns="419696">
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
   <s ref="9"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="14"/>
   <s ref="9"/>
   <s ref="23"/>
   <s ref="24"/>
   <s ref="25"/>
   <s ref="26"/>
  </block>
 </class>
 <class id="1" ranks="1" program="1" events="29" length="29" time-ns="35408281">
  <symbol id="27" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="143284" max="143284"/>
   <duration min="30772499" max="30772499"/>
  </symbol>
  <symbol id="28" call="MPI_Comm_dup" comm="0" newcomm="2" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="12939" max="12939"/>
   <duration min="368224" max="368224"/>
  </symbol>
  <symbol id="29" call="MPI_Barrier" comm="0" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="23159" max="23159"/>
   <compute-cpu min="21852" max="21852"/>
   <duration min="8833" max="8833"/>
  </symbol>
  <symbol id="30" call="MPI_Recv" comm="2" tag="9976" dtsize="8" site="8" prev-site="2" occurrences="1" match="0">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="256" bytes="2048" rbytes="2048"/>
   <compute min="3145" max="3145"/>
   <duration min="18527" max="18527"/>
  </symbol>
  <symbol id="31" call="MPI_Isend" comm="2" tag="9977" dtsize="8" site="13" prev-site="8" occurrences="1" match="1">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="8" bytes="64"/>
   <compute min="7381" max="7381"/>
   <duration min="722" max="722"/>
  </symbol>
  <symbol id="32" call="MPI_Recv" comm="2" tag="9978" dtsize="8" site="14" prev-site="13" occurrences="1" match="2">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="8" bytes="64" rbytes="64"/>
   <compute min="6489" max="6489"/>
   <duration min="301" max="301"/>
  </symbol>
  <symbol id="33" call="MPI_Recv" comm="2" tag="9979" dtsize="8" site="15" prev-site="14" occurrences="1" match="3">
   <peer kind="any"/>
   <side role="member" events="1" count="0"/>
   <compute min="570" max="570"/>
   <duration min="291" max="291"/>
  </symbol>
  <symbol id="34" call="MPI_Testall" comm="0" site="7" prev-site="15" occurrences="2">
   <side role="member" flags="true" events="2" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute min="481" max="2353"/>
   <duration min="120" max="6801"/>
  </symbol>
  <symbol id="35" call="MPI_Isend" comm="2" tag="9980" dtsize="8" site="3" prev-site="7" occurrences="1" match="4">
   <peer kind="reply"/>
   <side role="member" events="1" count="192" bytes="1536"/>
   <compute min="4096" max="4096"/>
   <duration min="6700" max="6700"/>
  </symbol>
  <symbol id="36" call="MPI_Isend" comm="2" tag="9981" dtsize="8" site="13" prev-site="3" occurrences="1" match="5">
   <peer kind="reply"/>
   <side role="member" events="1" count="8" bytes="64"/>
   <compute min="721" max="721"/>
   <duration min="100" max="100"/>
  </symbol>
  <symbol id="37" call="MPI_Recv" comm="2" tag="9982" dtsize="8" site="14" prev-site="13" occurrences="1" match="6">
   <peer kind="reply"/>
   <side role="member" events="1" count="8" bytes="64" rbytes="64"/>
   <compute min="400" max="400"/>
   <duration min="3225" max="3225"/>
  </symbol>
  <symbol id="38" call="MPI_Recv" comm="2" tag="9983" dtsize="8" site="15" prev-site="14" occurrences="1" match="7">
   <peer kind="any"/>
   <side role="member" events="1" count="40" bytes="320" rbytes="320"/>
   <compute min="281" max="281"/>
   <duration min="2513" max="2513"/>
  </symbol>
  <symbol id="39" call="MPI_Testall" comm="0" site="7" prev-site="15" occurrences="2">
   <side role="member" flags="true" events="2" count="0"/>
   <link dist="2" index="0" call="MPI_Isend"/>
   <compute min="150" max="772"/>
   <duration min="80" max="130"/>
  </symbol>
  <symbol id="40" call="MPI_Testall" comm="0" site="7" prev-site="7" occurrences="2">
   <side role="member" flags="true" events="2" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute min="150" max="250"/>
   <duration min="60" max="17707"/>
  </symbol>
  <symbol id="41" call="MPI_Recv" comm="2" tag="9984" dtsize="8" site="8" prev-site="7" occurrences="1" match="8">
   <peer kind="reply"/>
   <side role="member" events="1" count="128" bytes="1024" rbytes="1024"/>
   <compute min="221" max="221"/>
   <duration min="4216" max="4216"/>
  </symbol>
  <symbol id="42" call="MPI_Isend" comm="2" tag="9985" dtsize="8" site="13" prev-site="8" occurrences="1" match="9">
   <peer kind="reply"/>
   <side role="member" events="1" count="8" bytes="64"/>
   <compute min="400" max="400"/>
   <duration min="91" max="91"/>
  </symbol>
  <symbol id="43" call="MPI_Recv" comm="2" tag="9986" dtsize="8" site="14" prev-site="13" occurrences="1" match="10">
   <peer kind="reply"/>
   <side role="member" events="1" count="8" bytes="64" rbytes="64"/>
   <compute min="210" max="210"/>
   <duration min="2834" max="2834"/>
  </symbol>
  <symbol id="44" call="MPI_Recv" comm="2" tag="9987" dtsize="8" site="15" prev-site="14" occurrences="1" match="11">
   <peer kind="any"/>
   <side role="member" events="1" count="0"/>
   <compute min="180" max="180"/>
   <duration min="361" max="361"/>
  </symbol>
  <symbol id="45" call="MPI_Isend" comm="2" tag="9988" dtsize="8" site="3" prev-site="7" occurrences="1" match="12">
   <peer kind="reply"/>
   <side role="member" events="1" count="64" bytes="512"/>
   <compute min="1192" max="1192"/>
   <duration min="2283" max="2283"/>
  </symbol>
  <symbol id="46" call="MPI_Isend" comm="2" tag="9989" dtsize="8" site="13" prev-site="3" occurrences="1" match="13">
   <peer kind="reply"/>
   <side role="member" events="1" count="8" bytes="64"/>
   <compute min="441" max="441"/>
   <duration min="70" max="70"/>
  </symbol>
  <symbol id="47" call="MPI_Recv" comm="2" tag="9990" dtsize="8" site="14" prev-site="13" occurrences="1" match="14">
   <peer kind="reply"/>
   <side role="member" events="1" count="8" bytes="64" rbytes="64"/>
   <compute min="220" max="220"/>
   <duration min="771" max="771"/>
  </symbol>
  <symbol id="48" call="MPI_Recv" comm="2" tag="9991" dtsize="8" site="15" prev-site="14" occurrences="1" match="15">
   <peer kind="any"/>
   <side role="member" events="1" count="0"/>
   <compute min="120" max="120"/>
   <duration min="231" max="231"/>
  </symbol>
  <symbol id="49" call="MPI_Barrier" comm="0" site="9" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="220" max="220"/>
   <duration min="1012" max="1012"/>
  </symbol>
  <symbol id="50" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="10" prev-site="9" occurrences="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="1191" max="1191"/>
   <duration min="9234" max="9234"/>
  </symbol>
  <symbol id="51" call="MPI_Comm_free" comm="2" site="11" prev-site="10" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="1152" max="1152"/>
   <duration min="4096" max="4096"/>
  </symbol>
  <symbol id="52" call="MPI_Finalize" comm="0" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="1262" max="1262"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="1" events="29" time-ns="672963">
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
   <s ref="44"/>
   <s ref="34"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="48"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="49"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="52"/>
  </block>
 </class>
</signature>
