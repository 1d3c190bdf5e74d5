<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="3" mpi-library="synthetic (compress/synth.c)" tracer="synthetic">
  <arg>synthetic</arg>
  <arg>master-worker</arg>
  <arg>-i</arg>
  <arg>4</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="0" ratio="1.8846153846153846" trace-length="49" signature-length="26"/>
 <sites>
  <site id="0" module="/synthetic/app" offset="4096" function="synthetic"/>
  <site id="1" module="/synthetic/app" offset="4160" function="synthetic"/>
  <site id="2" module="/synthetic/app" offset="4224" function="synthetic"/>
  <site id="3" module="/synthetic/app" offset="4288" function="synthetic"/>
  <site id="4" module="/synthetic/app" offset="4352" function="synthetic"/>
  <site id="5" module="/synthetic/app" offset="4416" function="synthetic"/>
  <site id="6" module="/synthetic/app" offset="4480" function="synthetic"/>
  <site id="7" module="/synthetic/app" offset="4544" function="synthetic"/>
  <site id="8" module="/synthetic/app" offset="4608" function="synthetic"/>
  <site id="9" module="/synthetic/app" offset="4672" function="synthetic"/>
  <site id="10" module="/synthetic/app" offset="4736" function="synthetic"/>
  <site id="11" module="/synthetic/app" offset="4800" function="synthetic"/>
  <site id="12" module="/synthetic/app" offset="4864" function="synthetic"/>
  <site id="13" module="/synthetic/app" offset="4928" function="synthetic"/>
  <site id="14" module="/synthetic/app" offset="4992" function="synthetic"/>
  <site id="15" module="/synthetic/app" offset="5056" function="synthetic"/>
  <site id="16" module="/synthetic/app" offset="5120" function="synthetic"/>
  <site id="17" module="/synthetic/app" offset="5184" function="synthetic"/>
  <site id="18" module="/synthetic/app" offset="5248" function="synthetic"/>
  <site id="19" module="/synthetic/app" offset="5312" function="synthetic"/>
  <site id="20" module="/synthetic/app" offset="5376" function="synthetic"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1 2"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="23" time-ns="3195379" compute-ns="84079" mpi-ns="3129000" per-event-ns="100" comms="0 -"/>
  <rank id="1" class="1" events="13" time-ns="3342827" compute-ns="240027" mpi-ns="3121500" per-event-ns="100" comms="0 -"/>
  <rank id="2" class="1" events="13" time-ns="3340189" compute-ns="237389" mpi-ns="3121500" per-event-ns="100" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0" program="1" events="23" length="10" time-ns="3195379">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="19900" min="19900" max="19900" shift="100" buckets="711:1"/>
   <compute-cpu count="1" mean="19900" min="19900" max="19900" shift="100" buckets="711:1"/>
   <duration count="1" mean="3e+06" min="3000000" max="3000000" buckets="1071:1"/>
  </symbol>
  <symbol id="1" call="MPI_Recv" comm="0" tag="-1" dtsize="8" site="13" prev-site="0" occurrences="1">
   <peer kind="any"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="1" mean="4465" min="4465" max="4465" shift="100" buckets="604:1"/>
   <compute-cpu count="1" mean="4465" min="4465" max="4465" shift="100" buckets="604:1"/>
   <duration count="1" mean="2000" min="2000" max="2000" buckets="547:1"/>
  </symbol>
  <symbol id="2" call="MPI_Send" comm="0" tag="2" dtsize="8" site="14" prev-site="13" occurrences="8">
   <peer kind="reply"/>
   <side role="member" flags="" events="8" rbytes-events="8" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="8" mean="200" min="200" max="200" shift="100" buckets="377:8"/>
   <compute-cpu count="8" mean="200" min="200" max="200" shift="100" buckets="377:8"/>
   <duration count="8" mean="500" min="500" max="500" buckets="447:8"/>
  </symbol>
  <symbol id="3" call="MPI_Recv" comm="0" tag="-1" dtsize="8" site="13" prev-site="14" occurrences="9">
   <peer kind="any"/>
   <side role="member" flags="" events="9" rbytes-events="9" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="9" mean="5212.666666666667" min="4866" max="5378" shift="100" buckets="609:1 612:2 613:1 614:2 615:3"/>
   <compute-cpu count="9" mean="5212.666666666667" min="4866" max="5378" shift="100" buckets="609:1 612:2 613:1 614:2 615:3"/>
   <duration count="9" mean="2000" min="2000" max="2000" buckets="547:9"/>
  </symbol>
  <symbol id="4" call="MPI_Send" comm="0" tag="3" dtsize="8" site="14" prev-site="13" occurrences="2">
   <peer kind="reply"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <compute count="2" mean="200" min="200" max="200" shift="100" buckets="377:2"/>
   <compute-cpu count="2" mean="200" min="200" max="200" shift="100" buckets="377:2"/>
   <duration count="2" mean="500" min="500" max="500" buckets="447:2"/>
  </symbol>
  <symbol id="5" call="MPI_Gather" comm="0" dtsize="8" site="17" prev-site="14" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" flags="" events="1" rbytes-events="1" count="4 4 4" bytes="32 32 32" rbytes="96 96 96"/>
   <compute count="1" mean="900" min="900" max="900" shift="100" buckets="487:1"/>
   <compute-cpu count="1" mean="900" min="900" max="900" shift="100" buckets="487:1"/>
   <duration count="1" mean="4000" min="4000" max="4000" buckets="597:1"/>
  </symbol>
  <symbol id="6" call="MPI_Finalize" comm="0" site="20" prev-site="17" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="9900" min="9900" max="9900" shift="100" buckets="660:1"/>
   <compute-cpu count="1" mean="9900" min="9900" max="9900" shift="100" buckets="660:1"/>
   <duration count="1" mean="100000" min="100000" max="100000" buckets="826:1"/>
  </symbol>
  <block id="0" events="2" time-ns="7912.666666666667">
   <s ref="2"/>
   <s ref="3"/>
  </block>
  <block id="1" events="23" time-ns="113079.00000000001">
   <s ref="0"/>
   <s ref="1"/>
   <loop body="0" count="8"/>
   <s ref="4"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
  </block>
  <dominant block="0" count="8" share="0.5597974277569958" iteration-ns="7912.666666666667"/>
 </class>
 <class id="1" ranks="1 2" program="3" events="13" length="8" time-ns="3341508">
  <symbol id="7" call="MPI_Init" comm="0" site="0" occurrences="2">
   <side role="member" flags="" events="2" rbytes-events="2" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="2" mean="19900" min="19900" max="19900" shift="100" buckets="711:2"/>
   <compute-cpu count="2" mean="19900" min="19900" max="19900" shift="100" buckets="711:2"/>
   <duration count="2" mean="3e+06" min="3000000" max="3000000" buckets="1071:2"/>
  </symbol>
  <symbol id="8" call="MPI_Send" comm="0" tag="1" dtsize="8" site="15" prev-site="0" occurrences="2">
   <peer kind="abs" value="0"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <compute count="2" mean="900" min="900" max="900" shift="100" buckets="487:2"/>
   <compute-cpu count="2" mean="900" min="900" max="900" shift="100" buckets="487:2"/>
   <duration count="2" mean="500" min="500" max="500" buckets="447:2"/>
  </symbol>
  <symbol id="9" call="MPI_Recv" comm="0" tag="-1" dtsize="8" site="16" prev-site="15" occurrences="8">
   <peer kind="abs" value="0"/>
   <side role="member" flags="" events="8" rbytes-events="8" count="257 257 257" bytes="2056 2056 2056" rbytes="1024 1024 1024"/>
   <compute count="8" mean="100" min="100" max="100" shift="100" buckets="328:8"/>
   <compute-cpu count="8" mean="100" min="100" max="100" shift="100" buckets="328:8"/>
   <duration count="8" mean="3000" min="3000" max="3000" buckets="573:8"/>
  </symbol>
  <symbol id="10" call="MPI_Send" comm="0" tag="1" dtsize="8" site="15" prev-site="16" occurrences="8">
   <peer kind="abs" value="0"/>
   <side role="member" flags="" events="8" rbytes-events="8" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <compute count="8" mean="51652" min="45838" max="54115" shift="100" buckets="770:1 774:1 778:1 779:1 781:1 782:3"/>
   <compute-cpu count="8" mean="51652" min="45838" max="54115" shift="100" buckets="770:1 774:1 778:1 779:1 781:1 782:3"/>
   <duration count="8" mean="500" min="500" max="500" buckets="447:8"/>
  </symbol>
  <symbol id="11" call="MPI_Recv" comm="0" tag="-1" dtsize="8" site="16" prev-site="15" occurrences="2">
   <peer kind="abs" value="0"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="257 257 257" bytes="2056 2056 2056" rbytes="8 8 8"/>
   <compute count="2" mean="100" min="100" max="100" shift="100" buckets="328:2"/>
   <compute-cpu count="2" mean="100" min="100" max="100" shift="100" buckets="328:2"/>
   <duration count="2" mean="3000" min="3000" max="3000" buckets="573:2"/>
  </symbol>
  <symbol id="12" call="MPI_Gather" comm="0" dtsize="8" site="17" prev-site="16" occurrences="2">
   <root kind="abs" value="0"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="4 4 4" bytes="32 32 32" rbytes="0 0 0"/>
   <compute count="2" mean="900" min="900" max="900" shift="100" buckets="487:2"/>
   <compute-cpu count="2" mean="900" min="900" max="900" shift="100" buckets="487:2"/>
   <duration count="2" mean="4000" min="4000" max="4000" buckets="597:2"/>
  </symbol>
  <symbol id="13" call="MPI_Finalize" comm="0" site="20" prev-site="17" occurrences="2">
   <side role="member" flags="" events="2" rbytes-events="2" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="2" mean="9900" min="9900" max="9900" shift="100" buckets="660:2"/>
   <compute-cpu count="2" mean="9900" min="9900" max="9900" shift="100" buckets="660:2"/>
   <duration count="2" mean="100000" min="100000" max="100000" buckets="826:2"/>
  </symbol>
  <block id="2" events="2" time-ns="55252">
   <s ref="9"/>
   <s ref="10"/>
  </block>
  <block id="3" events="13" time-ns="260208">
   <s ref="7"/>
   <s ref="8"/>
   <loop body="2" count="4"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
  </block>
  <dominant block="2" count="4" share="0.8493512882002091" iteration-ns="55252"/>
 </class>
</signature>
